import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleClass

/// The claim on a name (a folder beside it, made by MKCOL) that makes one creator of a name the
/// only one told `.created`: waited for while another holds it, removed when its holder
/// crashed; and on a server without locks it works the same (MKCOL is class 1).
@Suite("Class folder: claims on a name (WebDAV MKCOL)")
struct WebDAVClaimTests {
    @Test("a claim of a machine that crashed (never removed) is removed after the patience, and the create goes on",
          arguments: DAVServer.allCases)
    func crashedClaim(_ kind: DAVServer) throws {
        let (dav, folder) = try kind.fresh(patience: 2)
        try dav.holdClaim(of: "\(folder)/a.png")
        let started = Date()
        #expect(try dav.create("\(folder)/a.png", bytes: [1, 2, 3]) == .created)
        // It waited the patience for the claim, and not for ever.
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 1.9 && waited < 8, "\(waited)")
        #expect(try dav.read("\(folder)/a.png", limit: 3) == [1, 2, 3])
        #expect(try dav.list(folder).map(\.name) == ["a.png"])
        let disk = try FileManager.default.contentsOfDirectory(atPath: "\(kind.shared().classFolder)/\(folder)")
        #expect(Set(disk) == ["a.png"], "\(disk)")
    }

    @Test("a claim released while a create waits: the create goes on at once, and meets the file made meanwhile",
          arguments: DAVServer.allCases)
    func releasedClaim(_ kind: DAVServer) throws {
        let (dav, folder) = try kind.fresh(patience: 30)
        try dav.holdClaim(of: "\(folder)/a.png")
        let claim = [folder, WebDAVTransport.claimName(for: "a.png")]
        let other = Thread {
            Thread.sleep(forTimeInterval: 1)
            // The other machine's MOVE, then its release.
            _ = try? dav.send("PUT", [folder, "a.png"], headers: ["If-None-Match: *"], body: Array("theirs".utf8))
            _ = try? dav.send("DELETE", claim, folder: true)
        }
        other.start()
        let started = Date()
        #expect(try dav.create("\(folder)/a.png", bytes: Array("mine".utf8)) == .exists)
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.9 && waited < 5, "\(waited)")
        #expect(try dav.read("\(folder)/a.png", limit: 100) == Array("theirs".utf8))
        #expect(try dav.list(folder).map(\.name) == ["a.png"])
    }

    @Test("a claim while it is held is not listed (a pull would take it for a child's folder)", arguments: DAVServer.allCases)
    func claimNotListed(_ kind: DAVServer) throws {
        let (dav, folder) = try kind.fresh()
        try dav.holdClaim(of: "\(folder)/a.png")
        #expect(try dav.list(folder).isEmpty)
        let disk = try FileManager.default.contentsOfDirectory(atPath: "\(kind.shared().classFolder)/\(folder)")
        #expect(disk.count == 1 && disk[0].hasPrefix(".marble-claim-"), "\(disk)")
    }

    @Test("a claim's name: hidden, not a picture, of one length, the same for the same name")
    func claimName() {
        let a = WebDAVTransport.claimName(for: "20261127-101500-a3f9-K7QX9M.png")
        #expect(a.hasPrefix(".marble-claim-") && !a.hasSuffix(".png"))
        #expect(a.count == ".marble-claim-".count + 16)
        #expect(a == WebDAVTransport.claimName(for: "20261127-101500-a3f9-K7QX9M.png"))
        #expect(a != WebDAVTransport.claimName(for: "20261127-101500-a3f9-K7QX9M.csv"))
        #expect(WebDAVTransport.claimName(for: String(repeating: "ü", count: 200)).count == a.count)
    }
}

/// lighttpd's `nolock/`: WebDAV without a lock database (class 1, LOCK refused). A claim is a
/// MKCOL, so it is taken there as anywhere: every call works, one creator of a name wins.
@Suite("Class folder: a WebDAV server without locks (lighttpd without a lock database)")
struct WebDAVNoLockTests {
    static func fresh() throws -> (WebDAVTransport, String) {
        let server = try LighttpdTestServer.shared.get()
        let dav = try WebDAVTransport(.parse(server.url("nolock/")), user: LighttpdTestServer.user, password: LighttpdTestServer.password)
        let folder = "t-" + UUID().uuidString.prefix(8)
        try dav.makeFolder(folder)
        return (dav, folder)
    }

    @Test("LOCK is refused there, and a claim is taken all the same")
    func claimWithoutLocks() throws {
        let (dav, folder) = try Self.fresh()
        let lock = try dav.send("LOCK", [folder, "x"], headers: ["Depth: 0", "Content-Type: application/xml"],
                                body: Array("<?xml version=\"1.0\"?><D:lockinfo xmlns:D=\"DAV:\"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>".utf8))
        #expect(!(200..<300).contains(lock.status))
        let claim = try #require(try dav.claim([folder, "a.png"], as: "\(folder)/a.png"))
        dav.release(claim)
    }

    @Test("create, .exists, list, read and check work")
    func handInFlows() throws {
        let (dav, folder) = try Self.fresh()
        try dav.makeFolder("\(folder)/Ada")
        #expect(try dav.create("\(folder)/Ada/a.png", bytes: Array("first".utf8)) == .created)
        #expect(try dav.create("\(folder)/Ada/a.png", bytes: Array("second".utf8)) == .exists)
        #expect(try dav.read("\(folder)/Ada/a.png", limit: 100) == Array("first".utf8))
        #expect(try dav.list("\(folder)/Ada").map(\.name) == ["a.png"])
        let inner = try WebDAVTransport(.parse(try LighttpdTestServer.shared.get().url("nolock/\(folder)/")),
                                        user: LighttpdTestServer.user, password: LighttpdTestServer.password)
        try inner.check()
        #expect(try inner.list("").map(\.name) == ["Ada"])
    }

    @Test("twenty creators of one name: exactly one .created, one whole file")
    func concurrentCreates() throws {
        let (dav, folder) = try Self.fresh()
        let results = ConcurrentCreates.run(20) { i in try dav.create("\(folder)/same.png", bytes: Array("child \(i)".utf8)) }
        #expect(results.filter { $0 == .success(.created) }.count == 1, "\(results)")
        #expect(results.filter { $0 == .success(.exists) }.count == 19, "\(results)")
        let winner = results.firstIndex { $0 == .success(.created) }
        #expect(try dav.read("\(folder)/same.png", limit: 100) == Array("child \(winner ?? -1)".utf8))
        #expect(try dav.list(folder).map(\.name) == ["same.png"])
    }
}
