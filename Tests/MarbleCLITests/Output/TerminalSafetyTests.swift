import Foundation
import MarbleTestSupport
import Testing

/// Outside bytes never steer the terminal: titles, child names, a server's reason phrase and
/// `Location` header reach stdout and stderr with every control escaped (`\u{1B}`).
@Suite("marble terminal safety")
struct TerminalSafetyTests {
    /// A title that would rename the terminal, ring it, clear it, start a C1 CSI and turn the
    /// rest of the line around, were it printed raw.
    static let hostile = "evil\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m\u{202E}gnp.exe"

    /// The scalars no output may hold: every C0 control but a line break and a tab, DEL, C1,
    /// and the bidirectional overrides and isolates.
    static func controls(in text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { v in
            (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v)
                || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        }
    }

    static func expectSafe(_ out: MarbleProcess.Output, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(controls(in: out.stdout).isEmpty, "\(what): stdout holds controls \(controls(in: out.stdout))", sourceLocation: sourceLocation)
        #expect(controls(in: out.stderr).isEmpty, "\(what): stderr holds controls \(controls(in: out.stderr))", sourceLocation: sourceLocation)
    }

    @Test func aHostileTitleIsEscapedByEveryCommandThatShowsIt() throws {
        let dir = try TempFolder("terminal")
        func run(_ args: [String]) throws -> MarbleProcess.Output { try MarbleProcess.run(args + ["--store", dir.path("store")]) }
        let replay = try run(["replay", "Replays/spiral.csv", "--new", "--json"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let id = try #require(replay.json?["id"] as? String)
        let renamed = try run(["rename", id, Self.hostile])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        Self.expectSafe(renamed, "rename")
        // The title is kept as given (the store is not the terminal) and shown escaped.
        #expect(renamed.stdout.contains("evil\\u{1B}]0;owned\\u{7}\\u{1B}[2J\\u{9B}31m\\u{202E}gnp.exe"), "\(renamed.stdout)")
        for args in [["drawings"], ["info", id], ["class", "report", "--store", dir.path("store")]] {
            let out = try MarbleProcess.run(args + (args.first == "class" ? [] : ["--store", dir.path("store")]))
            #expect(out.status == 0, "\(args): \(out.stderr)")
            #expect(out.stdout.contains("evil\\u{1B}"), "\(args): \(out.stdout)")
            Self.expectSafe(out, args.joined(separator: " "))
        }
        // A picture exported elsewhere carries the title: opening it is reading outside bytes.
        let picture = dir.path("hostile.png")
        #expect(try run(["export", id, "--png", picture]).status == 0)
        let opened = try MarbleProcess.run(["open", picture, "--store", dir.path("other")])
        #expect(opened.status == 0, "\(opened.stderr)")
        Self.expectSafe(opened, "open")
        // JSON escapes controls its own way, and stays valid JSON.
        let json = try run(["info", id, "--json"])
        #expect(json.json?["title"] as? String == Self.hostile)
        Self.expectSafe(json, "info --json")
    }

    /// A server that answers with a reason phrase or a `Location` full of controls.
    final class HostileServer {
        let process = Process()
        let input = Pipe()
        let port: Int

        init(status: Int, reason: [UInt8], headers: [[UInt8]] = []) throws {
            func hex(_ b: [UInt8]) -> String { b.map { String(format: "%02x", $0) }.joined() }
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", Repository.root.appendingPathComponent("Tests/Tools/hostile_http.py").path,
                                 String(status), hex(reason)] + headers.map(hex)
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            var line: [UInt8] = []
            while let b = try output.fileHandleForReading.read(upToCount: 1)?.first, b != 10 { line.append(b) }
            port = try #require(Int(String(decoding: line, as: UTF8.self)))
        }

        deinit {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    @Test func aServersReasonPhraseIsEscaped() throws {
        let evil = Array("Evil\u{1B}]0;owned\u{07}\u{1B}[2J".utf8) + [0xC2, 0x9B] + Array("31m".utf8)
        let server = try HostileServer(status: 500, reason: evil)
        let dir = try TempFolder("terminal")
        let out = try MarbleProcess.run(["class", "set", "http://127.0.0.1:\(server.port)/class/", "--store", dir.path])
        #expect(out.status != 0)
        #expect(out.stderr.contains("500 Evil\\u{1B}]0;owned\\u{7}"), "\(out.stderr)")
        Self.expectSafe(out, "class set (reason)")
    }

    @Test func aServersLocationIsEscaped() throws {
        let server = try HostileServer(status: 301, reason: Array("Moved".utf8),
                                       headers: [Array("Location: http://x.invalid/\u{1B}[2J\u{07}".utf8)])
        let dir = try TempFolder("terminal")
        let out = try MarbleProcess.run(["class", "set", "http://127.0.0.1:\(server.port)/class/", "--store", dir.path])
        #expect(out.status != 0)
        #expect(out.stderr.contains("x.invalid/\\u{1B}[2J\\u{7}"), "\(out.stderr)")
        Self.expectSafe(out, "class set (Location)")
    }
}
