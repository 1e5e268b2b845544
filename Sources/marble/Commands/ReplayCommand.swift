import ArgumentParser
import Foundation
import MarbleApp
import MarbleKit

/// `marble replay`: plays a marble log headless and reports or saves the drawing.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a marble log headless: write its picture, or report it as JSON.",
        discussion: """
            The same log replays to the same pixels every time. Rows with NaN or infinite values \
            are skipped with a warning naming their line; a tilt longer than 1 g counts as 1 g.

            With --new or --continue the log is played into the drawing store as a live session \
            would, saved at least every half second of drawing, and on SIGTERM, SIGINT or SIGHUP. \
            A continued drawing resumes its clock at its last sample: the log's first sample lands \
            there, so for a log starting at 0 a sample at time t is placed at (last time + t).

            Several logs are replayed at once (--jobs, default: the number of cores), each as it \
            would be alone, and reported in the order given: with --json one object per line, \
            with a "log" key first. --png-dir DIR writes DIR/<log name without .csv>.png for each. \
            A bad log is named on stderr and the others still play; the exit status is the first \
            failing log's.

            Examples:
              marble replay Replays/spiral.csv --png spiral.png
              marble replay Replays/*.csv --json --png-dir pictures
              marble replay Replays/scribble.csv --physics fake --difficulty easy --json
              marble replay Replays/trace-circle.csv --trace circle --json
              marble replay Replays/spiral.csv --new --speed 2
              marble replay Replays/scribble.csv --continue
              marble replay Replays/spiral.csv --over photo.jpg --png spiral-over-photo.png
              marble replay Replays/spiral.csv --new --over photo.jpg
            """
    )

    @Argument(help: ArgumentHelp("The marble logs to replay (marble-log v1 text). With --continue, one log and then "
                                 + "the drawing to continue (default: the latest).", valueName: "LOG"))
    var logs: [String]

    /// The log, when there is one (see `ReplayCommand+Batch.swift` for several).
    var log: String { logs.first ?? "" }

    /// With --continue: the drawing to continue, the second positional argument.
    var id: String? { continueDrawing && logs.count > 1 ? logs[1] : nil }

    @Flag(help: "Play the log into a new drawing in the store.")
    var new = false

    @Flag(name: .customLong("continue"), help: "Play the log on from where a stored drawing stopped.")
    var continueDrawing = false

    @OptionGroup(title: "Store")
    var storeOptions: StoreOptions

    @Option(help: ArgumentHelp("Pace the samples at X times real time (default: as fast as possible).", valueName: "X"))
    var speed: Double?

    @OptionGroup(title: "Drawing")
    var physicsOptions: PhysicsOptions

    @Option(help: ArgumentHelp("Write the painting (without the ball) to this PNG file.", valueName: "OUT.png"))
    var png: String?

    @Option(help: ArgumentHelp("Write what a live session would have played for this log: 16-bit stereo WAV, 48 kHz.", valueName: "OUT.wav"))
    var wav: String?

    @OptionGroup(title: "Picture")
    var pictureOptions: PictureOptions

    @OptionGroup(title: "Sound")
    var soundOptions: SoundOptions

    @Flag(help: "Print the drawing's summary as one JSON object on the last line of stdout.")
    var json = false

    @Option(help: ArgumentHelp("Score the drawing as a tracing of this shape: circle, square, star or heart "
                               + "(coverage, precision and 0 to 3 stars).", valueName: "SHAPE"))
    var trace: TraceShape?

    @Flag(help: "Play the log animated in a window: Space pauses, + and - change the speed, R restarts.")
    var window = false

    @OptionGroup(title: "Window")
    var windowOptions: WindowOptions

    @OptionGroup(title: "Several logs")
    var batchOptions: BatchOptions

    func validate() throws {
        try validateLogs()
        if let speed, !(speed.isFinite && speed > 0) {
            throw ValidationError("--speed must be a number above 0, not \(speed).")
        }
        if new && continueDrawing { throw ValidationError("choose one of --new and --continue.") }
        if storeOptions.store != nil && !new && !continueDrawing {
            throw ValidationError("--store needs --new or --continue.")
        }
        if window && (new || continueDrawing || png != nil || json || wav != nil || trace != nil) {
            throw ValidationError("--window plays the log on screen; it does not go with --new, --continue, --png, --wav, --json or --trace.")
        }
        if pictureOptions.page && pictureOptions.over == nil { throw ValidationError("--page goes with --over FILE.") }
        if pictureOptions.over != nil && (continueDrawing || window) {
            throw ValidationError("--over sets up a new drawing (alone, or with --new); a continued drawing keeps its own picture, and --window does not show one yet.")
        }
        if wav != nil && (new || continueDrawing) {
            throw ValidationError("--wav renders a log's sound on its own; it does not go with --new or --continue.")
        }
        if continueDrawing && physicsOptions.isSet {
            throw ValidationError("--physics, --difficulty, --damping and --size set up --new drawings; a continued drawing keeps its own.")
        }
    }

    func run() throws {
        if new || continueDrawing { return try runIntoStore() }
        if isBatch || batchOptions.pngDir != nil { return try runBatch() }
        if !window && wav == nil { return try runStreaming() }
        let read = try loadLog()
        if window {
            let player = ReplayPlayer(log: read.log, configuration: configuration(read.log),
                                      name: (log as NSString).lastPathComponent, speed: speed ?? 1)
            return try runWindow(player, on: try windowOptions.open(.live()), exitAfterFrames: windowOptions.exitAfterFrames)
        }
        let session = try session(for: read, configuration(read.log))
        let span = read.log.timeSpan
        let recorder = wav.map { _ in SoundRecorder(scale: soundOptions.scale ?? .newton, expectedSeconds: (span?.last ?? 0) - (span?.first ?? 0)) }
        if let recorder { session.stepListener = recorder.listen }
        do {
            try play(read, into: session)
        } catch let stop as PlayStop {
            complain("\(log):\(stop.line): \(stop.error)")
            throw Exit.badData
        }
        if let wav, let recorder { try writeOutput(recorder.wavBytes(), to: wav, io: Environment.live().io) }
        try finish(ReadOnlySession(session), dropped: read.dropped.count)
    }

    /// The configuration for a new drawing: the options, else the log's setup (warned about).
    func configuration(_ log: MarbleLog, say: (String) -> Void = { printError($0) }) -> SessionConfiguration {
        let (setup, problems) = log.setup
        for problem in problems { say("warning: \(self.log): \(problem); using the default") }
        return physicsOptions.configuration(setup)
    }

    /// Why `play` stopped early: the error of the sample on a line of the log.
    struct PlayStop: Error {
        var line: Int
        var error: any Error
    }

    /// Feeds the log's rows in order (`feed` gets each row's index: one sample a marble),
    /// paced at `--speed`, with a progress bar unless `quiet`; stops early when a signal arrives
    /// (see `Signals`), or with a `PlayStop` when `feed` throws.
    func play(_ read: MarbleLog.ReadResult, quiet: Bool = false, _ feed: (Int) throws -> Void) throws {
        let rows = read.log.rowCount
        var progress = ProgressBar(total: rows, label: "Replaying", enabled: !quiet)
        defer { progress.finish() }
        var pacer = speed.map { Pacer(speed: $0) }
        // Marble 1's samples carry each row's time.
        let times = read.log.marbles[0]
        for i in 0..<rows {
            pacer?.wait(until: times[i].t)
            if Signals.caught != 0 { return }
            do {
                // The reader gives a log of several marbles every marble on every row.
                try feed(i)
            } catch {
                throw PlayStop(line: read.sampleLines[i], error: error)
            }
            progress.update(i)
        }
    }

    /// Writes the picture if asked, and prints the report (with the drawing's id, if stored).
    func finish(_ session: ReadOnlySession, dropped: Int, id: String? = nil) throws {
        if let png { try writePicture(session.canvas, to: png, io: Environment.live().io) }
        print(reportText(session, dropped: dropped, first: id.map { [("id", JSONValue.string($0))] } ?? []))
    }

    /// The report as printed: the JSON object (with the `first` keys before its own, then the
    /// trace score with `--trace`) or the summary; `dropped` rows the reader skipped.
    func reportText(_ session: ReadOnlySession, dropped: Int, first: [(String, JSONValue)] = []) -> String {
        var report = session.report(hash: CanvasHash.sha256)
        // Rows the reader skipped never reached the session: count them too.
        report.droppedSamples += dropped
        let score = trace.map { TraceScore($0, canvas: session.canvas, penWidth: session.configuration.parameters.penWidth) }
        guard json else { return summary(report) + (score.map { "\n" + $0.summary } ?? "") }
        guard case .object(let pairs) = report.json else { return "" }
        return JSONValue.object(first + pairs + (score.map { [("trace", $0.json)] } ?? [])).text
    }

    /// Reads the log, warning about skipped rows (through `say`, else on stderr); exits 66 when it
    /// is missing, 65 when it is bad.
    func loadLog(say: (String) -> Void = { printError($0) }) throws -> MarbleLog.ReadResult {
        let log = try logPath(say: say)
        let result: MarbleLog.ReadResult
        do {
            result = try MarbleLog.read(contentsOf: log, io: Environment.live().io)
        } catch {
            throw failure(error, say: say)
        }
        warnDropped(result.dropped, say: say)
        return result
    }

    /// The log's path (a bare name with no such file here is a shipped log, when the installed
    /// marble has one); exits 66 when there is no such file, or it is a folder.
    func logPath(say: (String) -> Void) throws -> String {
        let log = InstalledData.log(self.log)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: log, isDirectory: &isFolder) else {
            say("marble: \(log): no such file")
            throw Exit.inputMissing
        }
        if isFolder.boolValue {
            say("marble: \(log): is a folder, not a marble log (to import phone recordings, use 'marble import')")
            throw Exit.inputMissing
        }
        return log
    }

    /// Says what was wrong with the log; the exit for it: 66 when it could not be read, 65 when it is bad.
    func failure(_ issue: LogIssue, say: (String) -> Void) -> ExitCode {
        say("marble: " + issue.description)
        return issue.line == 0 ? Exit.inputMissing : Exit.badData
    }

    /// Warns about the first ten rows the reader skipped, and how many more.
    func warnDropped(_ dropped: [LogIssue], say: (String) -> Void) {
        for issue in dropped.prefix(10) { say("warning: \(issue)") }
        if dropped.count > 10 {
            say("warning: \(InstalledData.log(self.log)): \(dropped.count - 10) more samples dropped (\(dropped.count) in all)")
        }
    }

    func summary(_ r: DrawingReport) -> String {
        var lines = [
            "Replayed \(r.samples) samples (\(String(format: "%.1f", r.durationSeconds)) s) with \(r.physics.rawValue) physics, \(r.difficulty.rawValue).",
            "\(r.segments) segments, \(r.canvas.inkPixels) pixels of paint on a \(r.canvas.width)×\(r.canvas.height) canvas.",
        ]
        for (k, m) in r.marbles.enumerated() {
            lines.append("Marble \(k + 1): from \(point(m.startPosition)) to \(point(m.finalPosition)), "
                         + "\(String(format: "%.0f", m.movement.activeSeconds)) s moving.")
        }
        if r.droppedSamples > 0 { lines.append("\(r.droppedSamples) samples dropped.") }
        if let png { lines.append("Picture: \(png)") }
        if let wav { lines.append("Sound: \(wav)") }
        return lines.joined(separator: "\n")
    }

    /// A position to a tenth of a pixel: "(640.0, 400.0)".
    private func point(_ p: Vec2) -> String { String(format: "(%.1f, %.1f)", p.x, p.y) }
}
