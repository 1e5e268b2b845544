import Foundation
import MarbleTestSupport
import Testing

/// One machine of a class, as `marble` sees it: a store and a home of its own.
///
/// Sendable by hand: its folder is set once and only read.
struct ClassMachine: @unchecked Sendable {
    let folder: TempFolder
    var store: String { folder.path("store") }

    init(_ label: String) throws {
        folder = try TempFolder("class-" + label)
        try FileManager.default.createDirectory(atPath: folder.path("home"), withIntermediateDirectories: true)
    }

    /// `marble args…` with this machine's store, home and pictures.
    func run(_ args: [String]) throws -> MarbleProcess.Output {
        try MarbleProcess.run(args, environment: ["MARBLE_HOME": store, "HOME": folder.path("home"),
                                                  "XDG_PICTURES_DIR": folder.path("pictures"), "XDG_CONFIG_HOME": folder.path("config")],
                              removing: ["XDG_DATA_HOME"])
    }

    /// A new drawing from a shipped log; its id.
    func draw(_ log: String = "Replays/spiral.csv") throws -> String {
        let out = try run(["replay", log, "--new", "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        return try #require(out.json?["id"] as? String)
    }

    /// Sets the class folder with the test server's password.
    func setClass(_ url: String, names: String? = nil, password: String = WebDAVTestServer.password, _ more: [String] = []) throws -> MarbleProcess.Output {
        let pw = folder.path("pw.txt")
        try Data((password + "\n").utf8).write(to: URL(fileURLWithPath: pw))
        var args = ["class", "set", url, "--user", WebDAVTestServer.user, "--password-file", pw]
        if let names { args += ["--names", names] }
        return try run(args + more)
    }

    /// Every file of the store's `class/` folder and its bytes (to show that nothing changed).
    func classFiles() -> [String: Data] {
        var out: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: store + "/class")) ?? [] {
            out[name] = FileManager.default.contents(atPath: store + "/class/" + name)
        }
        return out
    }

    /// The outbox as `marble class status --json` lists it.
    func status() throws -> [[String: Any]] {
        let out = try run(["class", "status", "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        return (try? JSONSerialization.jsonObject(with: Data(out.stdout.utf8))) as? [[String: Any]] ?? []
    }

    /// A drawing's canvas hash.
    func canvasHash(_ id: String) throws -> String? {
        try run(["info", id, "--json"]).json?["canvas_sha256"] as? String
    }
}

/// The test server, or the reason it did not start (recorded as a failure, not skipped).
func webDAVServer() throws -> WebDAVTestServer {
    switch WebDAVTestServer.shared {
    case .success(let s): return s
    case .failure(let f): throw f
    }
}

/// A class folder of the test's own on `server`: `class/NAME/`, made on disk.
func classFolder(_ server: WebDAVTestServer, _ name: String = UUID().uuidString) throws -> (url: String, disk: String) {
    let disk = server.classFolder + "/" + name
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    // Apache runs as www-data when the tests run as root: it must be able to write here.
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: disk)
    return (server.url("class/" + name + "/"), disk)
}

/// The files under `folder`, relative, sorted.
func filesUnder(_ folder: String) -> [String] {
    (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
        .filter { !isFolder(folder + "/" + $0) }.sorted()
}

private func isFolder(_ path: String) -> Bool {
    var d: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
}
