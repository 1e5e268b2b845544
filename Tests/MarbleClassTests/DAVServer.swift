import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleClass

/// The real WebDAV servers the transport's tests run on: Apache's mod_dav and lighttpd's
/// mod_webdav, two implementations written apart (locks, PROPFIND answers, MOVE).
enum DAVServer: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case apache, lighttpd

    var testDescription: String { rawValue }

    /// The shared server of this kind: its `class/` address and the folder on disk it serves,
    /// or the test fails saying why there is none.
    func shared() throws -> (url: (String) -> String, classFolder: String) {
        switch self {
        case .apache:
            let s = try WebDAVTestServer.shared.get()
            return (s.url, s.classFolder)
        case .lighttpd:
            let s = try LighttpdTestServer.shared.get()
            return (s.url, s.classFolder)
        }
    }

    /// A transport on the shared server's class folder, and a fresh folder inside it (made
    /// unless the password is wrong).
    func fresh(password: String = WebDAVTestServer.password, patience: Double = 15) throws -> (WebDAVTransport, String) {
        let server = try shared()
        let transport = try WebDAVTransport(.parse(server.url("class/")), user: WebDAVTestServer.user, password: password,
                                            nickname: nil, claimPatience: patience)
        let folder = "t-" + UUID().uuidString.prefix(8)
        if password == WebDAVTestServer.password { try transport.makeFolder(folder) }
        return (transport, folder)
    }

    /// What the server keeps of its own in a folder on disk, never listed over WebDAV:
    /// mod_dav_fs's lock state (`.DAV/`, made by the first LOCK in a folder).
    var ownFiles: Set<String> { self == .apache ? [".DAV"] : [] }
}

extension WebDAVTransport {
    /// Sends a LOCK of `path`'s claim as another machine would, with the given timeout, and
    /// gives its token (to release it) — a machine that crashed holding a claim is one that
    /// never sends the UNLOCK.
    func lockClaim(of path: String, timeout: String) throws -> String {
        let parts = try WebDAVPath.parts(path, at: place(path))
        let claim = Array(parts.dropLast()) + [Self.claimName(for: parts.last ?? "")]
        let answer = try send("LOCK", claim, headers: ["Timeout: " + timeout, "Depth: 0", "Content-Type: application/xml"], body: Self.lockQuestion)
        guard answer.status == 200 || answer.status == 201, let token = answer.headers["lock-token"] else {
            throw ClassProblem.server(place(path), status: answer.status, reason: "the test's LOCK was refused")
        }
        return token
    }
}
