import Foundation
import MarbleJPEG
import MarbleTestSupport
import Testing

/// `marble replay LOG --over FILE` (and with `--new`): the log painted over a photo, the same
/// hash every time; the drawing keeps its picture through a reopen and an export; bad pictures
/// refused with the file's name.
@Suite("marble replay --over")
struct OverPictureCommandTests {
    /// A 1200×900 JPEG photo with an EXIF-free gradient, written to `path`.
    static func photo(_ path: String) throws {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(1200 * 900 * 4)
        for y in 0..<900 { for x in 0..<1200 { rgba += [UInt8(x * 255 / 1199), UInt8(y * 255 / 899), 90, 255] } }
        let jpeg = try JPEGImage.encode(rgba: rgba, width: 1200, height: 900, quality: 90)
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
    }

    static let log = Repository.root.appendingPathComponent("Replays/spiral.csv").path

    @Test("The same log over the same photo gives the same hash twice, and another than on the empty board")
    func sameHash() throws {
        let folder = try TempFolder("over")
        try Self.photo(folder.path("photo.jpg"))
        let a = try MarbleProcess.run(["replay", Self.log, "--over", folder.path("photo.jpg"), "--json", "--png", folder.path("a.png")])
        let b = try MarbleProcess.run(["replay", Self.log, "--over", folder.path("photo.jpg"), "--json"])
        let plain = try MarbleProcess.run(["replay", Self.log, "--json"])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)")
        let ha = a.json?["canvas_sha256"] as? String, hb = b.json?["canvas_sha256"] as? String
        #expect(ha != nil && ha == hb)
        #expect(ha != plain.json?["canvas_sha256"] as? String)
        #expect(FileManager.default.fileExists(atPath: folder.path("a.png")))
    }

    @Test("With --new the drawing keeps its photo: info and an exported picture opened in another store give the hash")
    func keptInStore() throws {
        let folder = try TempFolder("over-new")
        try Self.photo(folder.path("photo.jpg"))
        let env = ["MARBLE_HOME": folder.path("store")]
        let made = try MarbleProcess.run(["replay", Self.log, "--new", "--over", folder.path("photo.jpg"), "--json"], environment: env)
        #expect(made.status == 0, "\(made.stderr)")
        let id = try #require(made.json?["id"] as? String)
        let hash = try #require(made.json?["canvas_sha256"] as? String)
        let info = try MarbleProcess.run(["info", id, "--json"], environment: env)
        #expect(info.json?["canvas_sha256"] as? String == hash)
        let export = try MarbleProcess.run(["export", id, "--png", folder.path("out.png")], environment: env)
        #expect(export.status == 0, "\(export.stderr)")
        let opened = try MarbleProcess.run(["open", folder.path("out.png"), "--store", folder.path("other"), "--json"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.json?["canvas_sha256"] as? String == hash)
    }

    @Test("A missing picture exits 66, a file that is not a picture or a cut JPEG 65, each named, nothing drawn")
    func badPictures() throws {
        let folder = try TempFolder("over-bad", files: ["notes.jpg": "hello, not a picture\n"])
        try Self.photo(folder.path("photo.jpg"))
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder.path("photo.jpg")))
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: folder.path("cut.jpg")))
        let missing = try MarbleProcess.run(["replay", Self.log, "--over", folder.path("gone.jpg"), "--png", folder.path("x.png")])
        #expect(missing.status == 66 && missing.stderr.contains("gone.jpg"))
        for name in ["notes.jpg", "cut.jpg"] {
            let r = try MarbleProcess.run(["replay", Self.log, "--over", folder.path(name), "--png", folder.path("x.png")])
            #expect(r.status == 65 && r.stderr.contains(name), "\(name): \(r.status) \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.png")))
    }
}
