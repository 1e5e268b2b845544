import ArgumentParser
import Foundation
import MarbleKit
import MarblePNG

/// `marble replay`: plays a marble log headless and reports or saves the drawing.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a marble log headless: write its picture, or report it as JSON.",
        discussion: """
            The same log replays to the same pixels every time. Rows with NaN or infinite values \
            are skipped with a warning naming their line; a tilt longer than 1 g counts as 1 g.

            Examples:
              marble replay Replays/spiral.csv --png spiral.png
              marble replay Replays/scribble.csv --physics fake --difficulty easy --json
            """
    )

    @Argument(help: ArgumentHelp("The marble log to replay (marble-log v1 text).", valueName: "LOG"))
    var log: String

    @OptionGroup(title: "Drawing")
    var physicsOptions: PhysicsOptions

    @Option(help: ArgumentHelp("Write the painting (without the ball) to this PNG file.", valueName: "OUT.png"))
    var png: String?

    @Flag(help: "Print the drawing's summary as one JSON object on the last line of stdout.")
    var json = false

    func run() throws {
        let read = try loadLog()
        let (setup, problems) = read.log.setup
        for problem in problems { printError("warning: \(log): \(problem); using the default") }
        let session = DrawingSession(configuration: physicsOptions.configuration(setup))
        var progress = ProgressBar(total: read.log.samples.count, label: "Replaying")
        for (i, sample) in read.log.samples.enumerated() {
            do {
                try session.feed(sample)
            } catch {
                progress.finish()
                complain("\(log):\(read.sampleLines[i]): \(error)")
                throw Exit.badData
            }
            progress.update(i)
        }
        progress.finish()
        if let png { try writePicture(session.canvas, to: png) }
        var report = session.report()
        // Rows the reader skipped never reached the session: count them too.
        report.droppedSamples += read.dropped.count
        if json {
            print(report.json.text)
        } else {
            print(summary(report))
        }
    }

    /// Reads the log, warning about skipped rows; exits 66 when it is missing, 65 when it is bad.
    private func loadLog() throws -> MarbleLog.ReadResult {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: log, isDirectory: &isFolder) else {
            complain("\(log): no such file")
            throw Exit.inputMissing
        }
        if isFolder.boolValue {
            complain("\(log): is a folder, not a marble log (to import phone recordings, use 'marble import')")
            throw Exit.inputMissing
        }
        let result: MarbleLog.ReadResult
        do {
            result = try MarbleLog.read(contentsOf: log)
        } catch {
            complain(error.description)
            throw error.line == 0 ? Exit.inputMissing : Exit.badData
        }
        for issue in result.dropped.prefix(10) { printError("warning: \(issue)") }
        if result.dropped.count > 10 {
            printError("warning: \(log): \(result.dropped.count - 10) more samples dropped (\(result.dropped.count) in all)")
        }
        return result
    }

    private func summary(_ r: DrawingReport) -> String {
        var lines = [
            "Replayed \(r.samples) samples (\(String(format: "%.1f", r.durationSeconds)) s) with \(r.physics.rawValue) physics, \(r.difficulty.rawValue).",
            "\(r.segments) segments, \(r.inkPixels) pixels of paint on a \(r.canvasWidth)×\(r.canvasHeight) canvas.",
        ]
        if r.droppedSamples > 0 { lines.append("\(r.droppedSamples) samples dropped.") }
        if let png { lines.append("Picture: \(png)") }
        return lines.joined(separator: "\n")
    }
}

/// Writes a canvas to a PNG file atomically; exits 73 when the file cannot be created, 74 on I/O errors.
func writePicture(_ canvas: Canvas, to path: String) throws {
    let bytes: [UInt8]
    do {
        bytes = try canvas.withPixelBytes { try PNGImage.encode(rgba: $0, width: canvas.width, height: canvas.height) }
    } catch {
        complain("\(path): \(error)")
        throw Exit.ioError
    }
    do {
        try AtomicFile.write(bytes, to: path)
    } catch {
        complain("cannot write \(error)")
        throw error.cannotCreate ? Exit.cannotCreate : Exit.ioError
    }
}
