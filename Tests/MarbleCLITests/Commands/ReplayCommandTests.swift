import Foundation
import MarbleKit
import MarblePNG
import MarbleTestSupport
import Testing

/// `marble replay` end to end: the real program, real files, real PNGs.
@Suite("marble replay")
struct ReplayCommandTests {
    static let jsonKeys: Set<String> = [
        "samples", "dropped_samples", "duration_s", "physics", "difficulty", "canvas", "accel_per_tilt",
        "speed_per_tilt", "damping", "ball_radius", "pen_width", "segments", "ink_pixels", "ink_bbox",
        "canvas_sha256", "background", "marbles",
    ]
    /// The keys of each marble's object in `marbles`.
    static let marbleKeys: Set<String> = ["start_position", "final_position", "final_velocity", "movement"]

    @Test func jsonReportHasEveryKey() throws {
        let out = try MarbleProcess.run(["replay", "Replays/figure-eight.csv", "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let json = try #require(out.json)
        #expect(Set(json.keys) == Self.jsonKeys)
        #expect(json["physics"] as? String == "fake")      // from the log's metadata
        #expect(json["difficulty"] as? String == "normal")
        #expect(json["canvas"] as? [Int] == [1280, 800])
        #expect((json["samples"] as? Int ?? 0) == 961)
        #expect(json["ink_bbox"] is [Int])
        // One marble: `marbles` holds its one record, and nothing of it is at the top.
        let marbles = try #require(json["marbles"] as? [[String: Any]])
        #expect(marbles.count == 1)
        let marble = try #require(marbles.first)
        #expect(Set(marble.keys) == Self.marbleKeys)
        #expect(marble["start_position"] as? [Double] == [640, 400])
        let movement = try #require(marble["movement"] as? [String: Double])
        #expect(Set(movement.keys) == ["tilt_deg", "turn_deg", "active_s"])
        #expect(movement["tilt_deg"]! > 0 && movement["turn_deg"]! > 0)
        #expect(movement["active_s"]! <= (json["duration_s"] as? Double ?? 0))
        #expect((json["canvas_sha256"] as? String)?.count == 64)
    }

    @Test("The text report has a line for each marble, one with one marble", arguments: [("spiral.csv", 1), ("four-marbles.csv", 4)])
    func textReportHasALineAMarble(log: String, marbles: Int) throws {
        let out = try MarbleProcess.run(["replay", "Replays/" + log])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").filter { $0.hasPrefix("Marble ") }
        #expect(lines.count == marbles, "\(out.stdout)")
        #expect(lines.enumerated().allSatisfy { k, line in line.hasPrefix("Marble \(k + 1): from (") && line.hasSuffix(" s moving.") })
    }

    @Test func optionsOverrideTheLogsSetup() throws {
        let out = try MarbleProcess.run(["replay", "Replays/figure-eight.csv", "--physics", "real", "--difficulty", "hard",
                                         "--damping", "2.5", "--size", "640x480", "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let json = try #require(out.json)
        #expect(json["physics"] as? String == "real")
        #expect(json["difficulty"] as? String == "hard")
        #expect(json["damping"] as? Double == 2.5)
        #expect(json["canvas"] as? [Int] == [640, 480])
        #expect(json["accel_per_tilt"] as? Double == PhysicsParameters.preset(.hard).accelPerTilt)
    }

    @Test func pngHoldsExactlyTheHashedCanvas() throws {
        let dir = try TempFolder("cli")
        let png = dir.path("spiral.png")
        let out = try MarbleProcess.run(["replay", "Replays/spiral.csv", "--png", png, "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let json = try #require(out.json)
        let image = try PNGImage.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(image.width == 1280 && image.height == 800)
        #expect(SHA256.hex(image.rgba) == json["canvas_sha256"] as? String)
        // No temporary files are left beside the picture.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["spiral.png"])
    }

    @Test func sameLogSameReport() throws {
        let a = try MarbleProcess.run(["replay", "Replays/scribble.csv", "--json"])
        let b = try MarbleProcess.run(["replay", "Replays/scribble.csv", "--json"])
        #expect(a.status == 0 && a.stdout == b.stdout)
    }

    @Test func missingLogExits66() throws {
        let out = try MarbleProcess.run(["replay", "no/such/log.csv"])
        #expect(out.status == 66)
        #expect(out.stderr.contains("no/such/log.csv"))
    }

    @Test func badDataExits65WithFileAndLine() throws {
        let dir = try TempFolder("cli")
        let path = try dir.write("# marble-log 1\nt,tilt_x,tilt_y\n0,0,0\n0.1,zero,0\n", to: "bad.csv")
        let out = try MarbleProcess.run(["replay", path])
        #expect(out.status == 65)
        #expect(out.stderr.contains("\(path):4: tilt_x: 'zero' is not a number"), "\(out.stderr)")
    }

    @Test("A two-marble log replays with both marbles in the JSON, into the store, and to a WAV; a one-marble drawing cannot be continued with it")
    func twoMarbleLog() throws {
        let dir = try TempFolder("cli")
        let good = try dir.write("# marble-log 1\n# title: two\n# physics: fake\nt,tilt_x,tilt_y,tilt_x2,tilt_y2\n0,0.5,0,-0.5,0\n1,0.5,0,-0.5,0\n2,0,0,0,0\n", to: "two.csv")
        let out = try MarbleProcess.run(["replay", good, "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let marbles = try #require(out.json?["marbles"] as? [[String: Any]])
        #expect(marbles.count == 2 && marbles.allSatisfy { Set($0.keys) == Self.marbleKeys }, "\(out.stdout)")
        #expect(out.json?["players"] == nil && out.json?["final_position"] == nil, "no marble's values at the top")
        // Into the store: a two-marble drawing, with the same picture; a one-marble drawing
        // cannot be continued with it.
        let stored = try MarbleProcess.run(["replay", good, "--new", "--store", dir.path("store"), "--json"])
        #expect(stored.status == 0, "\(stored.stderr)")
        func hash(_ s: String) -> String? { s.range(of: "\"canvas_sha256\":\"")
            .map { String(s[$0.upperBound...].prefix(64)) } }
        #expect(hash(stored.stdout) != nil && hash(stored.stdout) == hash(out.stdout))
        let one = try dir.write("# marble-log 1\nt,tilt_x,tilt_y\n0,0.5,0\n1,0.5,0\n", to: "one.csv")
        #expect(try MarbleProcess.run(["replay", one, "--new", "--store", dir.path("one")]).status == 0)
        let mixed = try MarbleProcess.run(["replay", good, "--continue", "--store", dir.path("one")])
        #expect(mixed.status == 65)
        #expect(mixed.stderr.contains("goes on with the marbles it has"), "\(mixed.stderr)")
        // Both voices: the same WAV twice.
        let wavs = try [1, 2].map { k in
            let out = try MarbleProcess.run(["replay", good, "--wav", dir.path("two-\(k).wav")])
            #expect(out.status == 0, "\(out.stderr)")
            return dir.bytes("two-\(k).wav")
        }
        #expect(wavs[0] == wavs[1] && wavs[0].count > 44)
        // A short row is named first.
        let bad = try dir.write("# marble-log 1\nt,tilt_x,tilt_y,tilt_x2,tilt_y2\n0,0,0,0.1,0.1\n1,0,0\n", to: "short.csv")
        let short = try MarbleProcess.run(["replay", bad])
        #expect(short.status == 65)
        #expect(short.stderr.contains("\(bad):4: expected 5 fields"), "\(short.stderr)")
    }

    @Test func notALogExits65() throws {
        let dir = try TempFolder("cli")
        let path = try dir.write("time,x,y\n1,2,3\n", to: "other.csv")
        let out = try MarbleProcess.run(["replay", path])
        #expect(out.status == 65)
        #expect(out.stderr.contains("\(path):1: not a marble log"), "\(out.stderr)")
    }

    @Test func droppedSamplesAreWarnedWithTheirLines() throws {
        let dir = try TempFolder("cli")
        let path = try dir.write("# marble-log 1\nt,tilt_x,tilt_y\n0,0.5,0\n0.5,nan,0\n1,inf,0\n1.5,0.5,0\n", to: "nan.csv")
        let out = try MarbleProcess.run(["replay", path, "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("\(path):4:") && out.stderr.contains("\(path):5:"), "\(out.stderr)")
        let json = try #require(out.json)
        #expect(json["dropped_samples"] as? Int == 2)
        #expect(json["samples"] as? Int == 2)
    }

    @Test func unwritablePictureExits73() throws {
        let out = try MarbleProcess.run(["replay", "Replays/spiral.csv", "--png", "/no/such/folder/x.png"])
        #expect(out.status == 73)
        #expect(out.stderr.contains("/no/such/folder/x.png"))
    }

    @Test("usage errors exit 64", arguments: [
        ["replay"], ["replay", "Replays/spiral.csv", "--physics", "bouncy"], ["replay", "Replays/spiral.csv", "--size", "0x10"],
        ["replay", "Replays/spiral.csv", "--damping", "-1"], ["replay", "Replays/spiral.csv", "--speed", "0"], ["juggle"],
        ["replay", "Replays/spiral.csv", "--new", "--continue"], ["replay", "Replays/spiral.csv", "--store", "/tmp/x"],
        ["replay", "Replays/spiral.csv", "--new", "someid"], ["replay", "Replays/spiral.csv", "--continue", "--physics", "fake"],
        ["delete", "someid"], ["info", "../../etc", "--store", "/tmp/marble-usage-test"],
    ])
    func usageErrors(_ args: [String]) throws {
        let out = try MarbleProcess.run(args)
        #expect(out.status == 64, "\(args): \(out.stderr)")
        #expect(!out.stderr.isEmpty)
    }

    @Test func helpIsComplete() throws {
        let top = try MarbleProcess.run(["--help"])
        #expect(top.status == 0)
        for word in ["replay", "import", "Exit codes"] { #expect(top.stdout.contains(word), "\(word)") }
        let replay = try MarbleProcess.run(["replay", "--help"])
        for word in ["--physics", "--difficulty", "--damping", "--size", "--png", "--json", "LOG"] {
            #expect(replay.stdout.contains(word), "\(word)")
        }
    }
}
