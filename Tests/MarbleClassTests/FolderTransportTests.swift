import Foundation
import MarbleKit
import MarbleTestSupport
import Testing

/// FolderTransport on a temporary folder: the same promises as WebDAV's, on a plain folder.
@Suite("Class folder: a plain folder")
struct FolderTransportTests {
    static let isRoot = getuid() == 0

    @Test("a file is created once: creating it again says .exists and leaves the first bytes")
    func createNeverOverwrites() throws {
        let temp = try TempFolder("class")
        let folder = try FolderTransport(.parse(temp.path))
        #expect(try folder.create("a.png", bytes: Array("first".utf8)) == .created)
        #expect(try folder.create("a.png", bytes: Array("second, longer".utf8)) == .exists)
        #expect(temp.bytes("a.png") == Array("first".utf8))
        #expect(try folder.read("a.png", limit: 100) == Array("first".utf8))
    }

    @Test("a folder is made (twice is fine), listed with size-mtime tags, read back; no temporary file is left")
    func folderListRead() throws {
        let temp = try TempFolder("class")
        let folder = FolderTransport(path: temp.path)
        try folder.makeFolder("Frau Müller")
        try folder.makeFolder("Frau Müller")
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        #expect(try folder.create("Frau Müller/Bild für Jürgen.png", bytes: bytes) == .created)
        #expect(try folder.list("").map(\.name) == ["Frau Müller"])
        #expect(try folder.list("").first?.isFolder == true)
        let inside = try folder.list("Frau Müller")
        #expect(inside.map(\.name) == ["Bild für Jürgen.png"])
        #expect(inside.first?.size == bytes.count)
        #expect(inside.first?.tag.hasPrefix("\(bytes.count)-") == true)
        #expect(try folder.read("Frau Müller/Bild für Jürgen.png", limit: bytes.count) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path("Frau Müller")) == ["Bild für Jürgen.png"])
    }

    @Test("over the limit is .tooLarge; missing is .notFound; paths out of the folder are refused")
    func limitsAndMissing() throws {
        let temp = try TempFolder("class")
        let folder = FolderTransport(path: temp.path)
        _ = try folder.create("big.png", bytes: [UInt8](repeating: 1, count: 1000))
        #expect(throws: ClassProblem.tooLarge(temp.path("big.png"), limit: 999)) { try folder.read("big.png", limit: 999) }
        #expect(try folder.read("big.png", limit: 1000).count == 1000)
        #expect(throws: ClassProblem.notFound(temp.path("nope.png"))) { try folder.read("nope.png", limit: 10) }
        #expect(throws: ClassProblem.notFound(temp.path("nope"))) { try folder.list("nope") }
        #expect(throws: ClassProblem.notFound(temp.path("nope/a.png"))) { try folder.create("nope/a.png", bytes: [1]) }
        for bad in ["../x.png", "a//b", "a/./b", "x\n.png"] {
            #expect { try folder.create(bad, bytes: [1]) } throws: { if case .badAddress = $0 as? ClassProblem { true } else { false } }
        }
    }

    @Test("a file where the class folder should be: check and create say .notFound (meaningful as root too)")
    func fileInPlaceOfFolder() throws {
        let temp = try TempFolder("class")
        let file = try temp.write("not a folder", to: "class")
        let folder = FolderTransport(path: file)
        #expect(throws: ClassProblem.notFound(file)) { try folder.check() }
        #expect(throws: ClassProblem.notFound(file + "/a.png")) { try folder.create("a.png", bytes: [1]) }
    }

    @Test("a read-only folder is .notWritable", .disabled(if: isRoot, "root writes through permissions; the file-in-place test covers the refusal as root"))
    func readOnly() throws {
        let temp = try TempFolder("class")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: temp.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: temp.path) }
        let folder = FolderTransport(path: temp.path)
        #expect { try folder.check() } throws: { if case .notWritable = $0 as? ClassProblem { true } else { false } }
        #expect { try folder.create("a.png", bytes: [1]) } throws: { if case .notWritable = $0 as? ClassProblem { true } else { false } }
    }

    @Test("check writes a probe and removes it")
    func check() throws {
        let temp = try TempFolder("class")
        try FolderTransport(path: temp.path).check()
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path).isEmpty)
    }

    @Test("twenty children creating the same name at once: exactly one .created, its bytes whole")
    func concurrentCreates() throws {
        let temp = try TempFolder("class")
        let folder = FolderTransport(path: temp.path)
        let results = ConcurrentCreates.run(20) { i in try folder.create("same.png", bytes: Array("child \(i)".utf8)) }
        #expect(results.filter { $0 == .success(.created) }.count == 1)
        #expect(results.filter { $0 == .success(.exists) }.count == 19)
        let winner = results.firstIndex { $0 == .success(.created) }
        #expect(temp.bytes("same.png") == Array("child \(winner ?? -1)".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path) == ["same.png"])
    }

    @Test("the rename without replacing refuses an existing name and leaves both files")
    func renameNoReplace() throws {
        let temp = try TempFolder("class", files: ["a": "A", "b": "B"])
        #expect(POSIX.renameNoReplace(temp.path("a"), temp.path("b")) == -1)
        #expect(temp.bytes("a") == Array("A".utf8) && temp.bytes("b") == Array("B".utf8))
        #expect(POSIX.renameNoReplace(temp.path("a"), temp.path("c")) == 0)
        #expect(temp.bytes("c") == Array("A".utf8))
    }

    @Test("a child's folder that is a link (Ben -> Ada) is never written, read or listed through; the link is named")
    func linkToAnotherChild() throws {
        let temp = try TempFolder("class")
        let folder = FolderTransport(path: temp.path)
        try folder.makeFolder("Ada")
        _ = try folder.create("Ada/a.png", bytes: [1])
        try FileManager.default.createSymbolicLink(atPath: temp.path("Ben"), withDestinationPath: "Ada")
        func namesTheLink(_ error: any Error) -> Bool { "\(error)".contains(temp.path("Ben")) && "\(error)".contains("link") }
        #expect { try folder.makeFolder("Ben") } throws: { namesTheLink($0) }
        #expect { try folder.create("Ben/b.png", bytes: [2]) } throws: { namesTheLink($0) }
        #expect { try folder.read("Ben/a.png", limit: 10) } throws: { namesTheLink($0) }
        #expect { try folder.list("Ben") } throws: { namesTheLink($0) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path("Ada")) == ["a.png"])
        // Listed as a link, not as a folder: nothing is stat'ed through it.
        let ben = try #require(try folder.list("").first { $0.name == "Ben" })
        #expect(!ben.isFolder)
    }

    @Test("a link to a folder outside the share is refused: nothing is written there")
    func linkOutOfTheShare() throws {
        let temp = try TempFolder("class")
        let outside = try TempFolder("outside")
        let folder = FolderTransport(path: temp.path)
        try FileManager.default.createSymbolicLink(atPath: temp.path("Ben"), withDestinationPath: outside.path)
        #expect { try folder.create("Ben/b.png", bytes: [2]) } throws: { "\($0)".contains("link") }
        #expect { try folder.makeFolder("Ben") } throws: { "\($0)".contains("link") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        // A file that is a link is not read either.
        _ = try outside.write("secret", to: "s.png")
        try FileManager.default.createSymbolicLink(atPath: temp.path("s.png"), withDestinationPath: outside.path("s.png"))
        #expect { try folder.read("s.png", limit: 100) } throws: { "\($0)".contains("link") }
    }

    @Test("a FIFO under a picture's name is refused at once, not waited on")
    func fifoIsNotWaitedOn() throws {
        let temp = try TempFolder("class")
        #expect(mkfifo(temp.path("pipe.png"), 0o644) == 0)
        #expect(throws: ClassProblem.self) { try FolderTransport(path: temp.path).read("pipe.png", limit: 100) }
    }
}
