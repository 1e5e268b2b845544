import Foundation
import MarbleKit
import MarblePNG
import MarbleTestSupport
import Testing

/// The drawing store from the command line: replay into it, list, info, undo, export, open, delete.
@Suite("marble store commands")
struct StoreCommandTests {
    /// A fresh store folder and a runner that passes `--store` to every command.
    struct Store {
        let dir: TempFolder
        init() throws { dir = try TempFolder("cli") }

        func run(_ args: [String], environment: [String: String] = [:]) throws -> MarbleProcess.Output {
            try MarbleProcess.run(args + ["--store", dir.path], environment: environment)
        }

        func json(_ args: [String]) throws -> [String: Any] {
            let out = try run(args + ["--json"])
            #expect(out.status == 0, "\(args): \(out.stderr)")
            return try #require(out.json)
        }

        func list() throws -> [[String: Any]] {
            let out = try run(["drawings", "--json"])
            #expect(out.status == 0, "\(out.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        }
    }

    /// The first `rows` sample rows of a shipped log, with its header, as a new log.
    static func prefix(_ name: String, rows: Int, in folder: TempFolder, skip: Int = 0) throws -> String {
        let text = try String(contentsOfFile: Repository.replay(name), encoding: .utf8)
        var header: [Substring] = [], body: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") || line.hasPrefix("t,") || body.isEmpty && line.first?.isLetter == true { header.append(line) } else if !line.isEmpty { body.append(line) }
        }
        let chosen = body.dropFirst(skip).prefix(rows)
        return try folder.write((header + chosen).joined(separator: "\n") + "\n", to: "\(name)-\(skip)-\(rows).csv")
    }

    @Test func replayNewThenContinueEqualsTheWholeLog() throws {
        let store = try Store()
        let a = try Self.prefix("spiral.csv", rows: 600, in: store.dir)
        // B's times restart at 0: they land at A's last time onwards.
        let whole = try MarbleProcess.run(["replay", "Replays/spiral.csv", "--json"])
        let first = try store.json(["replay", a, "--new"])
        let id = try #require(first["id"] as? String)
        let b = try shiftedRest("spiral.csv", from: 599, in: store.dir)
        let picture = store.dir.path("continued.png")
        let second = try store.json(["replay", b, "--continue", "--png", picture])
        #expect(FileManager.default.fileExists(atPath: picture))
        #expect(second["id"] as? String == id)
        let reference = try #require(whole.json)
        for key in ["canvas_sha256", "segments"] {
            #expect("\(second[key]!)" == "\(reference[key]!)", "\(key)")
        }
        // Where each marble's ball ended, and how fast it went.
        func ends(_ json: [String: Any]) -> String {
            "\((json["marbles"] as? [[String: Any]] ?? []).map { [$0["final_position"], $0["final_velocity"]].map { "\($0 ?? "none")" } })"
        }
        #expect(ends(second) == ends(reference) && ends(reference).contains("["))
        let info = try store.json(["info", id])
        #expect(info["canvas_sha256"] as? String == reference["canvas_sha256"] as? String)
        for key in ["id", "title", "created", "modified", "duration_s", "samples"] { #expect(info[key] != nil, "\(key)") }
    }

    /// The log's rows from `from` on, with times shifted to start at 0 (and the row at `from`
    /// repeated: its time lands on A's last time, where A's last sample already set the input).
    func shiftedRest(_ name: String, from: Int, in folder: TempFolder) throws -> String {
        let log = try MarbleLog.read(contentsOf: Repository.replay(name), io: .system).log
        let t0 = log.marbles[0][from].t
        var rest = MarbleLog(metadata: log.metadata, samples: log.marbles[0][from...].map { s in
            var s = s
            s.t -= t0
            return s
        })
        rest.marbles[0].removeFirst()
        rest.marbles[0].insert(Sample(t: 0, tilt: log.marbles[0][from].tilt, heading: log.marbles[0][from].heading,
                                   penDown: log.marbles[0][from].penDown), at: 0)
        return try folder.write(rest.text(), to: "\(name)-rest.csv")
    }

    @Test func galleryListsNewestFirstAndUndoRedoExportOpenDelete() throws {
        let store = try Store()
        let one = try store.json(["replay", "Replays/figure-eight.csv", "--new"])
        let two = try store.json(["replay", "Replays/scribble.csv", "--new", "--physics", "fake", "--size", "640x400"])
        let list = try store.list()
        #expect(list.map { $0["id"] as? String } == [two["id"] as? String, one["id"] as? String])
        for key in ["id", "title", "created", "modified", "duration_s", "segments"] { #expect(list[0][key] != nil, "\(key)") }
        #expect(list[0]["segments"] as? Int == two["segments"] as? Int)
        let thumb = try #require(list[0]["thumbnail"] as? String)
        let picture = try PNGImage.decode(Array(try Data(contentsOf: URL(fileURLWithPath: thumb))))
        #expect(picture.width <= 320 && picture.height <= 200)

        let id = try #require(two["id"] as? String)
        let undone = try store.json(["undo", id])
        #expect((undone["segments"] as? Int ?? 0) < (two["segments"] as? Int ?? 0))
        #expect(undone["redo_steps"] as? Int == 1)
        let redone = try store.json(["redo", id])
        #expect(redone["canvas_sha256"] as? String == two["canvas_sha256"] as? String)
        let undoneAgain = try store.json(["undo"])   // the latest drawing
        #expect(undoneAgain["id"] as? String == id)

        // Export: an ordinary PNG of the picture that carries the drawing; open it as a new one.
        let png = store.dir.path("shared.png")
        let export = try store.run(["export", id, "--png", png])
        #expect(export.status == 0, "\(export.stderr)")
        let exported = try PNGImage.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(exported.width == 640 && exported.height == 400)
        let opened = try store.json(["open", png])
        #expect(opened["id"] as? String != id)
        #expect(opened["canvas_sha256"] as? String == undoneAgain["canvas_sha256"] as? String)
        #expect(opened["redo_steps"] as? Int == 1, "the history travels with the picture")
        #expect(try store.list().count == 3)

        let cleared = try store.json(["clear", id])
        #expect(cleared["segments"] as? Int == 0 && cleared["ink_pixels"] as? Int == 0)
        let back = try store.json(["undo", id])
        #expect(back["canvas_sha256"] as? String == undoneAgain["canvas_sha256"] as? String)
        #expect(try store.run(["rename", id, "Rainbow snake"]).status == 0)
        #expect(try store.list().first { $0["id"] as? String == id }?["title"] as? String == "Rainbow snake")

        let refused = try store.run(["delete", id])
        #expect(refused.status == 64)
        let deleted = try store.run(["delete", id, "--yes"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try store.list().map { $0["id"] as? String }.contains(id) == false)
        #expect(try store.run(["info", id]).status == 66)
    }

    @Test func errorsSayWhatWasWrongAndExitCleanly() throws {
        let store = try Store()
        let empty = try store.run(["info"])
        #expect(empty.status == 66)
        #expect(empty.stderr.contains("no drawings"))
        #expect(try store.run(["export", "nope", "--png", "/tmp/x.png"]).status == 66)

        // A PNG without a drawing, and a file that is not a PNG at all: 65, named.
        let plain = store.dir.path("plain.png")
        #expect(try MarbleProcess.run(["replay", "Replays/spiral.csv", "--png", plain]).status == 0)
        let noChunk = try store.run(["open", plain])
        #expect(noChunk.status == 65)
        #expect(noChunk.stderr.contains(plain) && noChunk.stderr.contains("without a marble drawing"))
        let notPNG = try store.run(["open", Repository.replay("spiral.csv")])
        #expect(notPNG.status == 65)
        #expect(try store.run(["open", "/no/such.png"]).status == 66)

        // A drawing from a newer marble: 65, untouched.
        let made = try store.json(["replay", "Replays/figure-eight.csv", "--new"])
        let id = try #require(made["id"] as? String)
        let journal = URL(fileURLWithPath: store.dir.path("drawings/\(id)/journal"))
        var bytes = [UInt8](try Data(contentsOf: journal))
        bytes[8] = 9
        try Data(bytes).write(to: journal)
        let newer = try store.run(["info", id])
        #expect(newer.status == 65)
        #expect(newer.stderr.contains("newer"))
        #expect([UInt8](try Data(contentsOf: journal)) == bytes)

        // A torn last record: opens, says what it kept.
        bytes[8] = 1
        try Data(bytes.dropLast(3)).write(to: journal)
        let torn = try store.run(["info", id, "--json"])
        #expect(torn.status == 0, "\(torn.stderr)")
        #expect(torn.stderr.contains("cut short") && torn.stderr.contains("kept"))
    }

    @Test func marbleHomeAndXDGPickTheStore() throws {
        let dir = try TempFolder("cli")
        let out = try MarbleProcess.run(["replay", "Replays/figure-eight.csv", "--new", "--json"],
                                        environment: ["MARBLE_HOME": dir.path("home")])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path("home/drawings")))
        let xdg = try MarbleProcess.run(["drawings", "--json"],
                                        environment: ["MARBLE_HOME": "", "XDG_DATA_HOME": dir.path("xdg")])
        #expect(xdg.status == 0)
        #expect(xdg.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        #expect(FileManager.default.fileExists(atPath: dir.path("xdg/marble/drawings")))
    }

    @Test func sigtermSavesAndExits143() throws {
        let store = try Store()
        let p = Process()
        p.executableURL = MarbleProcess.binary
        p.arguments = ["replay", "Replays/scribble.csv", "--new", "--speed", "4", "--store", store.dir.path]
        p.currentDirectoryURL = Repository.root
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        Thread.sleep(forTimeInterval: 1.5)
        p.terminate()
        p.waitUntilExit()
        #expect(p.terminationStatus == 143)
        let info = try store.json(["info"])
        let duration = info["duration_s"] as? Double ?? 0
        // 1.5 s of wall time at 4× is at most 6 s of drawing; startup eats some of it.
        #expect(duration > 2 && duration <= 6, "\(duration)")
    }

    @Test func aDiskThatFillsUpStopsTheReplayWithTheLastSaveIntact() throws {
        // RLIMIT_FSIZE makes the kernel refuse writes past 64 kB: a real short write, EFBIG.
        let store = try Store()
        let made = try store.json(["replay", "Replays/figure-eight.csv", "--new"])
        let id = try #require(made["id"] as? String)
        let script = "ulimit -f 128; exec \"$0\" \"$@\""
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script, MarbleProcess.binary.path, "replay", "Replays/scribble.csv", "--continue",
                       "--store", store.dir.path]
        p.currentDirectoryURL = Repository.root
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 74, "\(message)")
        #expect(message.contains("intact"), "\(message)")
        let after = try store.json(["info", id])
        #expect((after["duration_s"] as? Double ?? 0) > (made["duration_s"] as? Double ?? 0))
    }
}
