import Foundation
import MarbleKit
import MarblePNG
import MarbleTestSupport
import Testing

/// `marble replay A.csv B.csv …` end to end: several logs at once, reported in the order given.
@Suite("marble replay, several logs")
struct BatchReplayTests {
    /// The shipped logs, not in alphabetical order, so the order given is the one that shows.
    static let logs = ["spiral", "bounces", "scribble", "figure-eight", "colour-wheel"].map { "Replays/\($0).csv" }

    /// A log with a non-numeric tilt on line 4.
    static let badLog = "# marble-log 1\nt,tilt_x,tilt_y\n0,0,0\n0.1,zero,0\n"

    /// stdout's lines.
    static func lines(_ out: MarbleProcess.Output) -> [String] {
        out.stdout.split(separator: "\n").map(String.init)
    }

    static func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func jsonLinesInTheOrderGivenWithLogKeys() throws {
        let out = try MarbleProcess.run(["replay"] + Self.logs + ["--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = Self.lines(out)
        try #require(lines.count == Self.logs.count, "\(out.stdout)")
        for (line, log) in zip(lines, Self.logs) {
            // `log` comes first, then the single replay's keys.
            #expect(line.hasPrefix("{\"log\":\"\(log)\","), "\(line)")
            let json = try Self.object(line)
            #expect(json["log"] as? String == log)
            #expect(Set(json.keys) == ReplayCommandTests.jsonKeys.union(["log"]))
        }
    }

    @Test func everyLineIsThatLogReplayedAlonePlusItsName() throws {
        let out = try MarbleProcess.run(["replay"] + Self.logs + ["--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = Self.lines(out)
        try #require(lines.count == Self.logs.count)
        for (line, log) in zip(lines, Self.logs) {
            let alone = try MarbleProcess.run(["replay", log, "--json"])
            #expect(alone.status == 0)
            let single = try #require(Self.lines(alone).last)
            #expect(line == "{\"log\":\"\(log)\"," + single.dropFirst(), "\(log)")
        }
    }

    @Test func jobsDoNotChangeTheOutput() throws {
        let one = try MarbleProcess.run(["replay"] + Self.logs + ["--json", "--jobs", "1"])
        let two = try MarbleProcess.run(["replay"] + Self.logs + ["--json", "--jobs", "2"])
        let many = try MarbleProcess.run(["replay"] + Self.logs + Self.logs + ["--json", "--jobs", "7"])
        #expect(one.status == 0 && two.status == 0 && many.status == 0, "\(one.stderr)\(two.stderr)\(many.stderr)")
        #expect(!one.stdout.isEmpty && one.stdout == two.stdout)
        #expect(many.stdout == one.stdout + one.stdout)
    }

    @Test func textSummariesAreHeadedByTheirLogs() throws {
        let out = try MarbleProcess.run(["replay"] + Self.logs.prefix(2))
        #expect(out.status == 0, "\(out.stderr)")
        let a = try MarbleProcess.run(["replay", Self.logs[0]]), b = try MarbleProcess.run(["replay", Self.logs[1]])
        #expect(out.stdout == "==> \(Self.logs[0]) <==\n\(a.stdout)\n==> \(Self.logs[1]) <==\n\(b.stdout)")
    }

    @Test func pngDirHoldsEachLogsHashedCanvas() throws {
        let dir = try TempFolder("cli")
        let pictures = dir.path("class/pictures")    // made, parents too
        let out = try MarbleProcess.run(["replay"] + Self.logs + ["--json", "--png-dir", pictures])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = Self.lines(out)
        try #require(lines.count == Self.logs.count)
        for (line, log) in zip(lines, Self.logs) {
            let json = try Self.object(line)
            let name = ((log as NSString).lastPathComponent as NSString).deletingPathExtension
            let image = try PNGImage.decode(Array(try Data(contentsOf: URL(fileURLWithPath: pictures + "/\(name).png"))))
            #expect(image.width == 1280 && image.height == 800)
            #expect(SHA256.hex(image.rgba) == json["canvas_sha256"] as? String, "\(log)")
        }
        // Exactly one picture a log, no temporary files beside them.
        let names = try FileManager.default.contentsOfDirectory(atPath: pictures).sorted()
        #expect(names == ["bounces.png", "colour-wheel.png", "figure-eight.png", "scribble.png", "spiral.png"])
    }

    @Test func oneLogWithPngDirKeepsTheSingleReport() throws {
        let dir = try TempFolder("cli")
        let out = try MarbleProcess.run(["replay", "Replays/spiral.csv", "--json", "--png-dir", dir.path("pics"), "--jobs", "2"])
        let alone = try MarbleProcess.run(["replay", "Replays/spiral.csv", "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout == alone.stdout)
        #expect(FileManager.default.fileExists(atPath: dir.path("pics/spiral.png")))
    }

    @Test func aBadLogIsNamedAndTheOthersStillPlay() throws {
        let dir = try TempFolder("cli")
        let bad = try dir.write(Self.badLog, to: "bad.csv")
        let logs = [Self.logs[0], bad, Self.logs[1]]
        let out = try MarbleProcess.run(["replay"] + logs + ["--json", "--png-dir", dir.path("pics")])
        #expect(out.status == 65)
        #expect(out.stderr.contains("\(bad):4: tilt_x: 'zero' is not a number"), "\(out.stderr)")
        #expect(out.stderr.contains("1 of 3 logs failed"), "\(out.stderr)")
        let lines = Self.lines(out)
        try #require(lines.count == 2, "\(out.stdout)")
        #expect(try Self.object(lines[0])["log"] as? String == Self.logs[0])
        #expect(try Self.object(lines[1])["log"] as? String == Self.logs[1])
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path("pics")).sorted()
        #expect(names == ["bounces.png", "spiral.png"])
    }

    @Test("the exit status is the first failure's in the order given", arguments: [
        (["good", "missing", "bad", "good"], Int32(66)),
        (["good", "bad", "missing"], Int32(65)),
        (["notALog", "missing"], Int32(65)),
        (["folder", "good"], Int32(66)),
    ])
    func firstFailureInOrderDecides(_ kinds: [String], _ status: Int32) throws {
        let dir = try TempFolder("cli")
        let paths: [String: String] = [
            "good": Self.logs[3],
            "missing": dir.path("no-such.csv"),
            "bad": try dir.write(Self.badLog, to: "bad.csv"),
            "notALog": try dir.write("time,x,y\n1,2,3\n", to: "other.csv"),
            "folder": dir.path,
        ]
        let out = try MarbleProcess.run(["replay"] + kinds.map { paths[$0]! } + ["--json"])
        #expect(out.status == status, "\(kinds): \(out.stderr)")
        #expect(Self.lines(out).count == kinds.filter { $0 == "good" }.count)
        if kinds.contains("missing") { #expect(out.stderr.contains("\(paths["missing"]!): no such file")) }
        if kinds.contains("bad") { #expect(out.stderr.contains("\(paths["bad"]!):4: ")) }
        if kinds.contains("notALog") { #expect(out.stderr.contains("\(paths["notALog"]!):1: not a marble log")) }
        // The messages come in the order given.
        let named = kinds.filter { $0 != "good" }.compactMap { out.stderr.range(of: paths[$0]!)?.lowerBound }
        #expect(named == named.sorted())
    }

    @Test("several logs: usage errors exit 64", arguments: [
        (["--png", "x.png"], "--png-dir"),
        (["--wav", "x.wav"], "--wav"),
        (["--window"], "--window"),
        (["--speed", "2"], "--speed"),
        (["--new"], "--new"),
        (["--jobs", "0"], "--jobs"),
    ])
    func usageErrors(_ extra: [String], _ named: String) throws {
        let out = try MarbleProcess.run(["replay", Self.logs[0], Self.logs[1]] + extra)
        #expect(out.status == 64, "\(extra): \(out.stderr)")
        #expect(out.stderr.contains(named), "\(out.stderr)")
        #expect(out.stdout.isEmpty)
    }

    @Test("--png-dir and --jobs go with headless replays only", arguments: [
        ["--window", "--png-dir", "x"], ["--new", "--jobs", "2"], ["--continue", "--png-dir", "x"],
        ["--png", "a.png", "--png-dir", "x"], ["--continue", "someid", "another"],
    ])
    func oneLogUsageErrors(_ extra: [String]) throws {
        let out = try MarbleProcess.run(["replay", "Replays/spiral.csv"] + extra, environment: ["MARBLE_HOME": "/nonexistent/marble-usage-test"])
        #expect(out.status == 64, "\(extra): \(out.stderr)")
        #expect(!out.stderr.isEmpty)
    }

    @Test func twoLogsOfOneNameInOnePngDirAreAUsageError() throws {
        let dir = try TempFolder("cli")
        let other = try dir.write(try String(contentsOfFile: Repository.replay("spiral.csv"), encoding: .utf8), to: "spiral.csv")
        let out = try MarbleProcess.run(["replay", "Replays/spiral.csv", other, "--png-dir", dir.path("pics")])
        #expect(out.status == 64)
        #expect(out.stderr.contains("Replays/spiral.csv") && out.stderr.contains(other), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("pics")))
        // Without --png-dir the same two logs are fine.
        #expect(try MarbleProcess.run(["replay", "Replays/spiral.csv", other, "--json"]).status == 0)
    }

    @Test func continueStillTakesADrawingID() throws {
        let store = try TempFolder("cli")
        let first = try MarbleProcess.run(["replay", "Replays/spiral.csv", "--new", "--json", "--store", store.path])
        let id = try #require(first.json?["id"] as? String)
        _ = try MarbleProcess.run(["replay", "Replays/bounces.csv", "--new", "--json", "--store", store.path])
        // The latest drawing is the second; the id picks the first.
        let out = try MarbleProcess.run(["replay", "Replays/figure-eight.csv", "--continue", id, "--json", "--store", store.path])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.json?["id"] as? String == id)
        #expect(out.json?["log"] == nil)
    }
}
