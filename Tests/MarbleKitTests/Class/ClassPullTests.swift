import Foundation
import MarbleKit
import MarbleTestSupport
import Testing

/// The pull's rules on a class folder in memory: which failures are one entry's (skipped and
/// named) and which are the class folder's own (thrown).
@Suite struct ClassPullTests {
    /// A class folder whose listing names files that then fail as scripted (gone, refused).
    final class Scripted: ClassTransport, @unchecked Sendable {
        let folder = MemoryClassFolder()
        /// Paths whose read or list throws this, every time.
        var failing: [String: ClassProblem] = [:]

        func makeFolder(_ path: String) throws(ClassProblem) { try folder.makeFolder(path) }
        func create(_ path: String, bytes: [UInt8]) throws(ClassProblem) -> ClassTransportWrite { try folder.create(path, bytes: bytes) }
        func check() throws(ClassProblem) {}
        func list(_ path: String) throws(ClassProblem) -> [ClassEntry] {
            if let f = failing[path] { throw f }
            return try folder.list(path)
        }
        func read(_ path: String, limit: Int) throws(ClassProblem) -> [UInt8] {
            if let f = failing[path] { throw f }
            return try folder.read(path, limit: limit)
        }
    }

    func gallery() throws -> (DrawingStateStore, TempFolder) {
        let scratch = try TempFolder("pull")
        return (try DrawingStateStore(root: scratch.path("gallery"), environment: .system), scratch)
    }

    @Test func aFileGoneOrRefusedAndAFolderRefusedAreSkippedAndNamedAndThePullGoesOn() throws {
        let (gallery, scratch) = try gallery()
        _ = scratch
        let t = Scripted()
        for child in ["Ada", "Ben", "Cleo"] { try t.makeFolder(child) }
        t.folder.put("Ada/1-K7QX3M.png", [1])
        t.folder.put("Ada/2-ACDEFG.png", Array("not a picture".utf8))
        t.folder.put("Ben/3-HJKMNP.png", [1])
        t.folder.put("Cleo/4-KMNPQR.png", [1])
        t.failing["Ada/1-K7QX3M.png"] = .notFound("Ada/1-K7QX3M.png")
        t.failing["Ben"] = .forbidden("Ben")
        t.failing["Cleo/4-KMNPQR.png"] = .tooLarge("Cleo/4-KMNPQR.png", limit: 64 << 20)
        let summary = try ClassPull(transport: t, gallery: gallery).pull()
        #expect(summary.skipped.map(\.path) == ["Ben", "Ada/1-K7QX3M.png", "Ada/2-ACDEFG.png", "Cleo/4-KMNPQR.png"])
        #expect(summary.skipped.allSatisfy { !$0.why.isEmpty })
        #expect(summary.added.isEmpty)
        #expect(PulledLedger(gallery: gallery).entries().isEmpty)
    }

    @Test func theClassFoldersOwnFailureStopsThePull() throws {
        let (gallery, scratch) = try gallery()
        _ = scratch
        let t = Scripted()
        try t.makeFolder("Ada")
        t.folder.put("Ada/1-K7QX3M.png", [1])
        t.failing["Ada/1-K7QX3M.png"] = .unreachable("http://127.0.0.1:9/class/", why: "connection refused")
        #expect(throws: ClassProblem.unreachable("http://127.0.0.1:9/class/", why: "connection refused")) {
            try ClassPull(transport: t, gallery: gallery).pull()
        }
        t.failing = ["": .unauthorized("http://127.0.0.1:9/class/")]
        #expect(throws: ClassProblem.unauthorized("http://127.0.0.1:9/class/")) { try ClassPull(transport: t, gallery: gallery).pull() }
    }

    @Test func aNameWithAControlCharacterIsNamedEscapedAndNeverRead() throws {
        let (gallery, scratch) = try gallery()
        _ = scratch
        let t = Scripted()
        try t.makeFolder("Ada\u{1B}[2J")
        t.folder.put("evil\u{9B}0m-K7QX3M.png", [1])
        let summary = try ClassPull(transport: t, gallery: gallery).pull()
        #expect(summary.skipped.map(\.path).sorted() == ["Ada\\u{1B}[2J", "evil\\u{9B}0m-K7QX3M.png"])
    }
}
