import Foundation
import MarbleKit

/// A real lighttpd with mod_webdav on 127.0.0.1, run by `Tests/Tools/lighttpd_server.py` for as
/// long as this value lives (or until `stop`): a second WebDAV server, written apart from
/// Apache's mod_dav, so that the transport is not tested against one server's habits only.
///
/// Paths: `class/` (WebDAV with locks, basic auth `teacher`/`secret`), `nolock/` (WebDAV
/// without a lock database: LOCK is refused, a class 1 server), `plain/` (a plain web folder).
public final class LighttpdTestServer: @unchecked Sendable {
    public static let user = WebDAVTestServer.user
    public static let password = WebDAVTestServer.password
    static let script = Repository.root.appendingPathComponent("Tests/Tools/lighttpd_server.py").path

    /// One server the tests share (each test works in a folder of its own inside `class/`).
    public static let shared: Result<LighttpdTestServer, WebDAVTestServer.Failure> = {
        do { return .success(try LighttpdTestServer()) } catch let failure as WebDAVTestServer.Failure { return .failure(failure) } catch {
            return .failure(WebDAVTestServer.Failure(text: "\(error)"))
        }
    }()

    public private(set) var port = 0
    public let folder: TempFolder
    private var process: Process?
    private var input: Pipe?

    public init() throws {
        folder = try TempFolder("lighttpd")
        try start()
    }

    deinit { stop() }

    /// The address of `path` on this server (`class/` unless told).
    public func url(_ path: String = "class/") -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The folder on disk that `class/` serves.
    public var classFolder: String { folder.path("www/class") }

    /// Starts lighttpd (again): on the port it had, or a free one the first time.
    public func start() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/lighttpd"),
              FileManager.default.fileExists(atPath: "/usr/lib/lighttpd/mod_webdav.so") else {
            throw WebDAVTestServer.Failure(text: "lighttpd or its WebDAV module is not installed: 'make test-deps' installs them (lighttpd lighttpd-mod-webdav)")
        }
        let started = try ServerScript.start(Self.script, ["--dir", folder.path, "--port", String(port),
                                                            "--user", Self.user, "--password", Self.password])
        port = started.port
        process = started.process
        input = started.input
    }

    /// Stops lighttpd and waits until it has gone.
    public func stop() {
        guard let process else { return }
        try? input?.fileHandleForWriting.close()
        process.waitUntilExit()
        self.process = nil
        input = nil
    }
}
