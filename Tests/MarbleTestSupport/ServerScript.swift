import Foundation

/// A test server's Python script (`Tests/Tools/webdav_server.py`, `lighttpd_server.py`) run as
/// a child: it prints one JSON line once the server answers, and stops it when its stdin closes.
public struct ServerScript {
    /// The running script.
    public let process: Process
    /// Its stdin: closing it stops the server.
    public let input: Pipe
    /// The port the server answers on.
    public let port: Int

    /// Starts `script` with `arguments` and waits for its line; a script that says why it did
    /// not start (or says nothing) is stopped and its words thrown.
    public static func start(_ script: String, _ arguments: [String]) throws -> ServerScript {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script] + arguments
        let stdin = Pipe(), stdout = Pipe()
        p.standardInput = stdin
        p.standardOutput = stdout
        try p.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        struct Started: Decodable { var port: Int?; var error: String?; var log: String? }
        guard let started = try? JSONDecoder().decode(Started.self, from: line), let port = started.port else {
            p.terminate()
            let name = (script as NSString).lastPathComponent
            throw WebDAVTestServer.Failure(text: "\(name) did not start: \(String(decoding: line, as: UTF8.self))")
        }
        return ServerScript(process: p, input: stdin, port: port)
    }
}
