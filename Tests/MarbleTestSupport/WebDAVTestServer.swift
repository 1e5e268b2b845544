import Foundation
import MarbleKit
import MarbleTestSupport

/// A real Apache httpd with mod_dav on 127.0.0.1, run by `Tests/Tools/webdav_server.py` for
/// as long as this value lives (or until `stop`); `start` again serves the same folder on the
/// same port, as a server that went away and came back.
///
/// Paths: `class/` (WebDAV, basic auth `teacher`/`secret`), `open/` (WebDAV, no auth),
/// `plain/` (a plain web folder). `full = true` makes every PUT and MKCOL answer 507.
public final class WebDAVTestServer: @unchecked Sendable {
    public static let user = "teacher"
    public static let password = "secret"
    static let script = Repository.root.appendingPathComponent("Tests/Tools/webdav_server.py").path

    /// One server the tests share (each test works in a folder of its own inside `class/`).
    public static let shared: Result<WebDAVTestServer, WebDAVTestServer.Failure> = {
        do { return .success(try WebDAVTestServer()) } catch let failure as Failure { return .failure(failure) } catch { return .failure(Failure(text: "\(error)")) }
    }()

    public struct Failure: Error, CustomStringConvertible {
        public var text: String
        public var description: String { text }
    }

    public private(set) var port = 0
    public let folder: TempFolder
    private var process: Process?
    private var input: Pipe?

    /// The certificate and key it serves https:// with (PEM files), if it does.
    public let tls: (cert: String, key: String)?
    /// Whether each request's Authorization header is logged (`authLog`).
    public let logsAuth: Bool

    /// A server of its own: plain http://, or https:// with `tls`; with `logAuth`, each
    /// request's Authorization header is kept for the test to read (`authLog`).
    public init(tls: (cert: String, key: String)? = nil, logAuth: Bool = false) throws {
        folder = try TempFolder("webdav")
        self.tls = tls
        logsAuth = logAuth
        try start()
    }

    /// The requests it had, a line each: `METHOD PATH auth=AUTHORIZATION` (`auth=-` for none).
    public var authLog: [String] {
        ((try? String(contentsOfFile: folder.path("auth.log"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Changes the user's password on the server (as a school's administrator would).
    public func setPassword(_ password: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/htpasswd")
        p.arguments = ["-bB", folder.path("users"), Self.user, password]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw Failure(text: "htpasswd did not change the password") }
        // Apache serves as www-data when the tests run as root: it must still read the file.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.path("users"))
    }

    deinit { stop() }

    /// The address of `path` on this server (`class/` unless told).
    public func url(_ path: String = "class/") -> String { (tls == nil ? "http" : "https") + "://127.0.0.1:\(port)/\(path)" }

    /// The folder on disk that `class/` serves.
    public var classFolder: String { folder.path("www/class") }

    /// Starts apache (again): on the port it had, or a free one the first time.
    public func start() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/apache2") else {
            throw Failure(text: "apache2 is not installed: 'make test-deps' installs it (apache2 apache2-utils)")
        }
        var arguments = ["--dir", folder.path, "--port", String(port), "--user", Self.user, "--password", Self.password]
        if let tls { arguments += ["--tls-cert", tls.cert, "--tls-key", tls.key] }
        if logsAuth { arguments.append("--log-auth") }
        let started = try ServerScript.start(Self.script, arguments)
        port = started.port
        process = started.process
        input = started.input
    }

    /// Stops apache and waits until it has gone (its port refuses connections).
    public func stop() {
        guard let process else { return }
        try? input?.fileHandleForWriting.close()
        process.waitUntilExit()
        self.process = nil
        input = nil
    }

    /// Whether PUT and MKCOL answer 507 Insufficient Storage.
    public var full: Bool {
        get { FileManager.default.fileExists(atPath: folder.path("full")) }
        set {
            if newValue { _ = FileManager.default.createFile(atPath: folder.path("full"), contents: Data()) }
            else { try? FileManager.default.removeItem(atPath: folder.path("full")) }
        }
    }
}
