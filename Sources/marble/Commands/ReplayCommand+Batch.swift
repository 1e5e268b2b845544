import ArgumentParser
import Foundation
import MarbleKit

/// `marble replay A.csv B.csv …`: several logs replayed headless at once, reported in the order given.
///
/// Each log is replayed exactly as it would be alone (its own `DrawingSession`, the same
/// messages), on a small pool of worker threads (`--jobs`); the main thread prints each log's
/// stderr lines and then its report as soon as it and every log before it are done.
extension ReplayCommand {
    /// Whether this is the batch form: more than one log, played headless (not into the store).
    var isBatch: Bool { logs.count > 1 && !new && !continueDrawing }

    // MARK: - Checks

    /// The positional arguments and the options that go with one log or with several.
    func validateLogs() throws {
        if new && logs.count > 1 {
            throw ValidationError("--new plays one log into a new drawing; a drawing id goes with --continue.")
        }
        if continueDrawing && logs.count > 2 {
            throw ValidationError("--continue plays one log, then optionally the drawing's id; not \(logs.count) arguments.")
        }
        if batchOptions.isSet && (window || new || continueDrawing) {
            throw ValidationError("--png-dir and --jobs replay logs headless; they do not go with --window, --new or --continue.")
        }
        if png != nil && batchOptions.pngDir != nil { throw ValidationError("choose one of --png and --png-dir.") }
        guard isBatch else { return }
        let n = logs.count
        if png != nil { throw ValidationError("--png names one log's picture; for \(n) logs use --png-dir DIR.") }
        if wav != nil { throw ValidationError("--wav renders one log's sound; it does not go with \(n) logs.") }
        if window { throw ValidationError("--window plays one log on screen; it does not go with \(n) logs.") }
        if speed != nil { throw ValidationError("--speed paces one log; it does not go with \(n) logs.") }
        if let folder = batchOptions.pngDir {
            var seen: [String: String] = [:]
            for log in logs {
                let picture = BatchOptions.picture(of: log, in: folder)
                if let other = seen[picture] {
                    throw ValidationError("\(other) and \(log) would both be pictured in \(picture); give logs with different names.")
                }
                seen[picture] = log
            }
        }
    }

    // MARK: - Running

    /// Replays every log (or the one log with `--png-dir`) and prints the reports in order.
    ///
    /// - Throws: the first failing log's exit code, in the order given, after every log is reported.
    func runBatch() throws {
        if let folder = batchOptions.pngDir { try makeFolder(folder) }
        guard isBatch else {
            // One log keeps a single replay's output; --png-dir only names its picture.
            var one = self
            one.png = batchOptions.pngDir.map { BatchOptions.picture(of: log, in: $0) }
            one.batchOptions.pngDir = nil
            return try one.run()
        }
        let results = BatchResults(count: logs.count)
        let command = self
        for _ in 0..<min(batchOptions.workers, logs.count) {
            let worker = Thread {
                // Each worker hands its canvases' pages from one log to the next.
                let memory = CanvasMemory(limit: 1)
                while let i = results.take() { results.put(command.replayAlone(i, memory: memory), at: i) }
            }
            worker.start()
        }

        var progress = ProgressBar(total: logs.count, label: "Replaying \(logs.count) logs", checkEvery: 1)
        var firstFailure: ExitCode?
        var failures = 0
        var printed = false
        for i in logs.indices {
            let outcome = results.wait(for: i)
            progress.clear()
            for message in outcome.messages { printError(message) }
            if let text = outcome.text {
                // Text summaries are headed by their log, as head(1) heads files.
                printOutput(json ? text : (printed ? "\n" : "") + "==> \(logs[i]) <==\n" + text)
                printed = true
            }
            if let failure = outcome.failure {
                failures += 1
                firstFailure = firstFailure ?? failure
            }
            progress.update(i + 1)
        }
        progress.finish()
        if let firstFailure {
            complain("\(failures) of \(logs.count) logs failed")
            throw firstFailure
        }
    }

    /// Makes the pictures' folder (and its parents) if missing; exits 73 when it cannot.
    private func makeFolder(_ folder: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            complain("cannot create the folder \(folder): \((error as NSError).localizedDescription)")
            throw Exit.cannotCreate
        }
    }

    /// Replays log `i` as `marble replay LOG` alone would, keeping what it would print.
    private func replayAlone(_ i: Int, memory: CanvasMemory) -> BatchOutcome {
        var one = self
        one.logs = [logs[i]]
        one.png = batchOptions.pngDir.map { BatchOptions.picture(of: logs[i], in: $0) }
        var messages: [String] = []
        let say = { (message: String) in messages.append(message) }
        do {
            let read = try one.loadLog(say: say)
            let session = try one.session(for: read, one.configuration(read.log, say: say), memory: memory, say: say)
            do {
                try one.play(read, into: session, quiet: true)
            } catch let stop as PlayStop {
                say("marble: \(one.log):\(stop.line): \(stop.error)")
                throw Exit.badData
            }
            if let png = one.png { try writePicture(session.canvas, to: png, io: Environment.live().io, say: say) }
            let text = one.reportText(ReadOnlySession(session), dropped: read.dropped.count, first: [("log", .string(one.log))])
            return BatchOutcome(messages: messages, text: text, failure: nil)
        } catch let code as ExitCode {
            return BatchOutcome(messages: messages, text: nil, failure: code)
        } catch {
            say("marble: \(one.log): \(error)")
            return BatchOutcome(messages: messages, text: nil, failure: Exit.ioError)
        }
    }
}

/// What one log's replay leaves to print: its stderr lines, its report, and how it failed, if it did.
struct BatchOutcome: Sendable {
    var messages: [String]
    var text: String?
    var failure: ExitCode?
}

/// The logs still to replay and the outcomes so far, shared by the workers and the printer.
final class BatchResults: @unchecked Sendable {
    // Every field is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var outcomes: [BatchOutcome?]
    private var next = 0

    init(count: Int) {
        outcomes = Array(repeating: nil, count: count)
    }

    /// The next log for a worker to replay, or nil when every one is taken.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < outcomes.count else { return nil }
        next += 1
        return next - 1
    }

    /// Keeps log `i`'s outcome and wakes the printer.
    func put(_ outcome: BatchOutcome, at i: Int) {
        condition.lock()
        outcomes[i] = outcome
        condition.broadcast()
        condition.unlock()
    }

    /// Log `i`'s outcome, once it is there.
    func wait(for i: Int) -> BatchOutcome {
        condition.lock()
        defer { condition.unlock() }
        while outcomes[i] == nil { condition.wait() }
        return outcomes[i]!
    }
}
