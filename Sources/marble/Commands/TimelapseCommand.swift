import ArgumentParser
import MarbleKit
import MarbleWebP

/// `marble timelapse`: a drawing's whole history as an animated WebP, growing frame by frame.
struct TimelapseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timelapse",
        abstract: "Save a drawing's history, from a blank canvas to the finished picture, as an animated WebP.",
        discussion: """
            Writes seconds × fps frames at even moments of the drawing's time, then the finished \
            picture: it plays in any web browser. Lossless unless --quality is given.
            """)

    @Argument(help: ArgumentHelp("The drawing (default: the most recently changed).", valueName: "ID"))
    var id: String?

    @Option(help: ArgumentHelp("The animated WebP file to write.", valueName: "OUT.webp"))
    var out: String

    @Option(help: ArgumentHelp("How long the animation lasts, in s (0.1–600).", valueName: "S"))
    var seconds = 10.0

    @Option(help: ArgumentHelp("Frames a second (1–60).", valueName: "F"))
    var fps = 30.0

    @Option(help: ArgumentHelp("The frames' width in px (default: the canvas's; never wider).", valueName: "W"))
    var width: Int?

    @Option(help: ArgumentHelp("Lossy at this quality, 0–100 (default: lossless).", valueName: "Q"))
    var quality: Float?

    @Flag(help: "No progress bar.")
    var quiet = false

    @OptionGroup var storeOptions: StoreOptions

    /// The defaults: what the End screen's Save time-lapse writes too.
    static let defaultPlan = Timelapse(seconds: 10, fps: 30)

    func validate() throws {
        guard seconds.isFinite, (0.1...600).contains(seconds) else { throw ValidationError("--seconds must be within 0.1–600.") }
        guard fps.isFinite, (1...60).contains(fps) else { throw ValidationError("--fps must be within 1–60.") }
        if let width, width < 2 { throw ValidationError("--width must be at least 2.") }
        if let quality, !(quality.isFinite && (0...100).contains(quality)) { throw ValidationError("--quality must be within 0–100.") }
    }

    func run() throws {
        let store = try storeOptions.open()
        let history = try storeCall { () throws(StoreError) in
            let chosen: String
            if let id { chosen = id } else { chosen = try store.latestID() }
            return try store.history(of: chosen)
        }
        if let damage = history.damage { complain("\(id ?? "the latest drawing"): \(damage); the time-lapse stops there") }
        let plan = Timelapse(seconds: seconds, fps: fps, width: width.map { min($0, history.configuration.canvasWidth) })
        var progress = ProgressBar(total: plan.frameCount + 1, label: "Time-lapse", enabled: !quiet, checkEvery: 1)
        let bytes: [UInt8]
        let failure: String?
        do {
            (bytes, failure) = try timelapseWebP(history, plan, quality: quality) { progress.update($0) }
        } catch {
            progress.finish()
            complain("\(out): \(error)")
            throw Exit.ioError
        }
        progress.finish()
        if let failure { complain(failure) }
        try writeOutput(bytes, to: out, io: store.environment.io)
        let ms = (0...plan.frameCount).reduce(0) { $0 + plan.milliseconds(ofFrame: $1) }
        print("Saved a time-lapse of \(history.title): \(plan.frameCount + 1) frames, \(formatSeconds(Double(ms) / 1000)), to \(out)")
    }
}
