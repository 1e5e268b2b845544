import Foundation
import MarbleKit
import MarblePNG
import MarbleTestSupport
import Synchronization
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    @Suite("Pictures through the environment")
    struct PicturesThroughTheSeam {
        /// The system's disk, counting the reads made through it.
        final class CountedDisk: Sendable {
            let reads = Atomic<Int>(0)
            var io: FileIO {
                FileIO(write: FileIO.system.write, read: { fd, p, n in
                    self.reads.add(1, ordering: .relaxed)
                    return FileIO.system.read(fd, p, n)
                })
            }
        }

        static func png(_ width: Int, _ height: Int) throws -> [UInt8] {
            try [UInt8](repeating: 200, count: width * height * 4).withUnsafeBytes { try PNGImage.encode(rgba: $0, width: width, height: height) }
        }

        @Test("A scene's picture is read through the files the window is handed: a failing disk shows the icon, a change is read again")
        func picturesThroughTheSeam() throws {
            let h = try SDLHarness(width: 320, height: 200)
            let path = try h.folder.write(Self.png(40, 30), to: "thumb.png")
            var failing = PictureCache()
            #expect(failing.texture(path, files: PlatformFiles(io: .failing(.ioFailed)), renderer: h.sdl.renderer) == nil,
                    "a picture the environment's disk cannot read is not shown (the button's icon is)")
            failing.destroy()

            let disk = CountedDisk()
            let files = PlatformFiles(io: disk.io)
            var cache = PictureCache()
            defer { cache.destroy() }
            let first = cache.texture(path, files: files, renderer: h.sdl.renderer)
            #expect(first?.width == 40 && first?.height == 30)
            let reads = disk.reads.load(ordering: .relaxed)
            #expect(reads > 0, "the bytes came through the disk handed in")
            _ = cache.texture(path, files: files, renderer: h.sdl.renderer)
            #expect(disk.reads.load(ordering: .relaxed) == reads, "an unchanged file is not read again")
            // A new thumbnail (the drawing saved): a new modification time, read again.
            _ = try h.folder.write(Self.png(20, 10), to: "thumb.png")
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: path)
            let second = cache.texture(path, files: files, renderer: h.sdl.renderer)
            #expect(second?.width == 20 && second?.height == 10)
            #expect(disk.reads.load(ordering: .relaxed) > reads)
        }
    }
}
