import Foundation
import MarbleTestSupport

/// Runs the built `marble` program as a person would, capturing what it prints.
enum MarbleProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String

        /// The last line of stdout parsed as a JSON object.
        var json: [String: Any]? {
            guard let last = stdout.split(separator: "\n").last,
                  let data = String(last).data(using: .utf8) else { return nil }
            return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        }
    }

    /// The `marble` binary beside the test bundle (the build's products folder).
    static var binary: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for dir in candidates {
            let url = dir.appendingPathComponent("marble")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return Repository.root.appendingPathComponent(".build/debug/marble")
    }

    /// Runs `marble args…` in the repository root and waits for it.
    static func run(_ args: [String], environment: [String: String] = [:], removing: [String] = []) throws -> Output {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        p.currentDirectoryURL = Repository.root
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        for k in removing { env[k] = nil }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read before waiting: a full pipe would block the child.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }
}
