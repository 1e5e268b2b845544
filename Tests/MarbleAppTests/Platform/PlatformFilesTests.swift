import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// `PlatformFiles`, what a platform reads pictures through: the environment's disk, a limit,
/// and nothing but a regular file.
@Suite("Platform files")
struct PlatformFilesTests {
    @Test("a picture's bytes come through the io it is given; a failing disk gives none")
    func throughTheIO() throws {
        let folder = try TempFolder("platform-files")
        let path = folder.path("picture.png")
        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: path))
        #expect(PlatformFiles(io: .system).pictureBytes(path) == [1, 2, 3, 4])
        #expect(PlatformFiles(io: .failing()).pictureBytes(path) == nil)
    }

    @Test("missing, a folder or a pipe: none, at once")
    func notAFile() throws {
        let folder = try TempFolder("platform-files")
        let files = PlatformFiles(io: .system)
        #expect(files.pictureBytes(folder.path("missing.png")) == nil)
        #expect(files.pictureBytes(folder.path) == nil)
        let fifo = folder.path("fifo.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = Date()
        #expect(files.pictureBytes(fifo) == nil)
        #expect(Date().timeIntervalSince(start) < 1, "a pipe is refused, not waited on")
    }

    @Test("a file's change time is read, and moves when the file is written again")
    func changes() throws {
        let folder = try TempFolder("platform-files")
        let path = folder.path("thumb.png")
        let files = PlatformFiles(io: .system)
        #expect(files.changed(path) == nil)
        try Data([1]).write(to: URL(fileURLWithPath: path))
        let first = try #require(files.changed(path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: path)
        #expect(files.changed(path) != first)
    }
}
