import ArgumentParser

/// The command line: `marble-bench [--segments N] [--runs N] [--replay-seconds N] [--only …] [--frames N] [--marble PATH]`.
///
/// The defaults are the published benchmark; smaller values are for profiling.
struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marble-bench",
        abstract: "MarbleKit's rasterizer against Cairo, log replay speed, and the drawing store's autosave and reopen times, the window's frame time and launch time, and `marble replay` of many logs on one and two cores (release build).")

    @Option(help: "Segments in the random-walk trail.")
    var segments = 100_000

    @Option(help: "Runs of each measurement; the best counts (replay: at most 3; store reopening: the median).")
    var runs = 5

    @Option(help: ArgumentHelp("Seconds of the synthetic replay log (100 Hz).", valueName: "N"))
    var replaySeconds = 3600

    @Option(help: ArgumentHelp("Which measurements: pixels (a check, first), raster, cairo, smooth, replay, sound (with replay), store, frame, marbles (the part of a frame that grows with the marbles), players (the window's frame of four players against one), voice (the window's frame while the voice speaks, against without), motion, page (the phone page; with motion's DSU latency), film, watch, launch, batch, timelapse, pictures, board, class (comma-separated).", valueName: "LIST"))
    var only = "pixels,raster,cairo,smooth,replay,sound,store,frame,marbles,players,voice,board,class,motion,page,film,watch,launch,batch,timelapse,pictures"

    @Option(help: ArgumentHelp("Store: segments of the big drawing (autosave and reopen).", valueName: "N"))
    var storeSegments = 1_000_000

    @Option(help: ArgumentHelp("Store: autosaves timed on each drawing (the median counts).", valueName: "N"))
    var autosaves = 50

    @Option(help: ArgumentHelp("Store: seconds between pen lifts (1 s each) while building the big drawing; 0 never lifts.", valueName: "S"))
    var penLiftEvery = 60.0

    @Option(help: ArgumentHelp("Frame, marbles and players: frames timed on each drawing, after 60 untimed ones.", valueName: "N"))
    var frames = 3000

    @Option(help: ArgumentHelp("Film: segments of the drawing filmed.", valueName: "N"))
    var filmSegments = 100_000

    @Option(help: ArgumentHelp("Motion, page and film: frames timed of each kind.", valueName: "N"))
    var motionFrames = 1200

    @Option(help: ArgumentHelp("Frame: segments of the big drawing (default: --store-segments).", valueName: "N"))
    var frameSegments: Int?

    @Option(help: ArgumentHelp("Launch: timed launches of `marble play` (the median counts).", valueName: "N"))
    var launches = 10

    @Option(help: ArgumentHelp("Batch: seconds of each of the 24 synthetic logs (100 Hz).", valueName: "N"))
    var batchSeconds = 120

    @Option(help: ArgumentHelp("Launch and batch: the release `marble` binary (default: beside marble-bench, else ../.build/release/marble).", valueName: "PATH"))
    var marble: String?

    @Option(help: ArgumentHelp("Batch: an older release `marble` to time side by side with --jobs 1 (batch_replay_speedup_vs_baseline).", valueName: "PATH"))
    var baselineMarble: String?

    @Option(help: ArgumentHelp("Pixels: the folder of shipped logs and canvas-sha256.txt (default: ../Replays).", valueName: "DIR"))
    var replays: String?

    @Option(help: ArgumentHelp("Write the replay measurement's logs (one marble, four marbles; --replay-seconds, --seed) to DIR and exit: for timing `marble replay` from outside.", valueName: "DIR"))
    var writeLogs: String?

    @Option(help: "Seed of the trail and the replay log.")
    var seed: UInt64 = 0x4D61_7262_6C65     // "Marble"

    /// Samples per second of the replay log.
    var replayRate: Int { 100 }

    /// Untimed frames before the timed ones.
    var warmupFrames: Int { 60 }

    /// Runs of the replay measurement (it is long).
    var replayRuns: Int { min(runs, 3) }

    /// The measurements asked for.
    var measurements: Set<String> { Set(only.split(separator: ",").map(String.init)) }

    func validate() throws {
        guard segments > 0, runs > 0, replaySeconds > 0, batchSeconds > 0, storeSegments > 0, autosaves > 0, frames > 0, launches > 0,
              (frameSegments ?? 1) > 0 else {
            throw ValidationError("--segments, --runs, --replay-seconds, --batch-seconds, --store-segments, --autosaves, --frames, --frame-segments and --launches must be positive.")
        }
        guard penLiftEvery == 0 || penLiftEvery >= 2 else { throw ValidationError("--pen-lift-every must be 0 or at least 2.") }
        let unknown = measurements.subtracting(["pixels", "raster", "cairo", "smooth", "replay", "sound", "store", "frame", "marbles", "players", "voice", "motion", "page", "film", "watch", "launch", "batch", "timelapse", "pictures", "board", "class"])
        guard unknown.isEmpty else { throw ValidationError("unknown measurement: \(unknown.sorted().joined(separator: ", "))") }
    }
}
