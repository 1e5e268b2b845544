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
}

extension WebDAVTransport {
    /// Makes `path`'s claim as another machine would (a machine that crashed holding it is
    /// one that never removes it).
    func holdClaim(of path: String) throws {
        let parts = try WebDAVPath.parts(path, at: place(path))
        let claim = Array(parts.dropLast()) + [Self.claimName(for: parts.last ?? "")]
        let answer = try send("MKCOL", claim, folder: true)
        guard answer.status == 201 else { throw ClassProblem.server(place(path), status: answer.status, reason: "the test's claim was refused") }
    }
}
