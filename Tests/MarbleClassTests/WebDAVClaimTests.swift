import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleClass

/// The claim on a name (an exclusive LOCK beside it) that makes one creator of a name the only
/// one told `.created`: waited for while another holds it, expired when its holder crashed,
/// given up on when it outlasts the transport's patience; and a server that cannot lock still
/// takes files as before.
@Suite("Class folder: claims on a name (WebDAV LOCK)")
struct WebDAVClaimTests {
    /// Apache drops the lock at its timeout (2 s here); lighttpd 1.4 never does, and the
    /// claim, held by one token for the whole patience (3 s here), is broken.
    @Test("a claim of a machine that crashed (never unlocked) expires or is broken, and the create then goes on",
          arguments: DAVServer.allCases)
    func crashedClaim(_ kind: DAVServer) throws {
        let (dav, folder) = try kind.fresh(patience: 3)
        _ = try dav.lockClaim(of: "\(folder)/a.png", timeout: "Second-2")
        let started = Date()
        #expect(try dav.create("\(folder)/a.png", bytes: [1, 2, 3]) == .created)
        // It waited for the claim, and not for ever.
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.9 && waited < 8, "\(waited)")  // Apache counts whole seconds
        #expect(try dav.read("\(folder)/a.png", limit: 3) == [1, 2, 3])
        #expect(try dav.list(folder).map(\.name) == ["a.png"])
        let disk = try FileManager.default.contentsOfDirectory(atPath: "\(kind.shared().classFolder)/\(folder)")
        #expect(Set(disk).subtracting(kind.ownFiles) == ["a.png"], "\(disk)")
    }

    @Test("a claim released while a create waits: the create goes on at once, and meets the file made meanwhile",
          arguments: DAVServer.allCases)
    func releasedClaim(_ kind: DAVServer) throws {
        let (dav, folder) = try kind.fresh(patience: 30)
        let token = try dav.lockClaim(of: "\(folder)/a.png", timeout: "Second-600")
        let claim = [folder, WebDAVTransport.claimName(for: "a.png")]
        let other = Thread {
            Thread.sleep(forTimeInterval: 1)
            // The other machine's MOVE, then its release.
            _ = try? dav.send("PUT", [folder, "a.png"], headers: ["If-None-Match: *"], body: Array("theirs".utf8))
            _ = try? dav.send("UNLOCK", claim, headers: ["Lock-Token: " + token])
            _ = try? dav.send("DELETE", claim)
        }
        other.start()
        let started = Date()
        #expect(try dav.create("\(folder)/a.png", bytes: Array("mine".utf8)) == .exists)
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.9 && waited < 5, "\(waited)")
        #expect(try dav.read("\(folder)/a.png", limit: 100) == Array("theirs".utf8))
        #expect(try dav.list(folder).map(\.name) == ["a.png"])
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

/// lighttpd's `nolock/`: WebDAV without a lock database, where LOCK is refused (500). The
/// transport moves unclaimed there, as before locks: every call works.
@Suite("Class folder: a WebDAV server that cannot lock (lighttpd without a lock database)")
struct WebDAVNoLockTests {
    static func fresh() throws -> (WebDAVTransport, String) {
        let server = try LighttpdTestServer.shared.get()
        let dav = try WebDAVTransport(.parse(server.url("nolock/")), user: LighttpdTestServer.user, password: LighttpdTestServer.password)
        let folder = "t-" + UUID().uuidString.prefix(8)
        try dav.makeFolder(folder)
        return (dav, folder)
    }

    @Test("LOCK is refused there, so no claim is taken")
    func noClaim() throws {
        let (dav, folder) = try Self.fresh()
        #expect(try dav.claim([folder, "a.png"], as: "\(folder)/a.png") == nil)
    }

    @Test("create, .exists, list, read and check work unclaimed")
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

    @Test("twenty creators of one name unclaimed: every answer .created or .exists, one whole file")
    func concurrentCreates() throws {
        let (dav, folder) = try Self.fresh()
        let results = ConcurrentCreates.run(20) { i in try dav.create("\(folder)/same.png", bytes: Array("child \(i)".utf8)) }
        #expect(results.allSatisfy { $0 == .success(.created) || $0 == .success(.exists) }, "\(results)")
        let winners = results.indices.filter { results[$0] == .success(.created) }
        let arrived = try dav.read("\(folder)/same.png", limit: 100)
        #expect(winners.contains { Array("child \($0)".utf8) == arrived })
        #expect(try dav.list(folder).map(\.name) == ["same.png"])
    }
}
