import ArgumentParser
import MarbleKit

/// `marble replay LOG` to a picture, a report or `--trace`: the log read on the other core
/// (`LogRowStream`) while the session plays its rows.
///
/// The rows reach the session in the file's order, as from `MarbleLog.read`: the same pixels
/// and report. A bad line stops the replay there, and nothing is written (exit 65), as when
/// the whole log was read first. `--window` and `--wav` read the whole log first (the window
/// restarts it; the sound is sized by its length).
extension ReplayCommand {
    func runStreaming() throws {
        let say: (String) -> Void = { printError($0) }
        let path = try logPath(say: say)
        let stream: LogRowStream
        do {
            stream = try LogRowStream(contentsOf: path, io: Environment.live().io)
        } catch {
            throw failure(error, say: say)
        }
        let session = try session(marbles: stream.marbleCount, configuration(MarbleLog(metadata: stream.metadata)))
        var dropped: [LogIssue] = []
        // Cleared on every way out, before what is said next.
        var progress = ProgressBar(total: stream.byteCount, label: "Replaying", checkEvery: 1)
        var pacer = speed.map { Pacer(speed: $0) }
        blocks: while true {
            let block: LogRowStream.Block
            do {
                guard let next = try stream.next() else { break }
                block = next
            } catch {
                progress.finish()
                warnDropped(dropped, say: say)
                throw failure(error, say: say)
            }
            dropped += block.dropped
            for k in 0..<block.count {
                pacer?.wait(until: block.samples[k * block.marbleCount].t)
                if Signals.caught != 0 { break blocks }
                do {
                    try session.feed(block.row(k))
                } catch {
                    progress.finish()
                    warnDropped(dropped, say: say)
                    complain("\(log):\(block.lines[k]): \(error)")
                    throw Exit.badData
                }
            }
            progress.update(block.end)
        }
        progress.finish()
        warnDropped(dropped, say: say)
        try finish(ReadOnlySession(session), dropped: dropped.count)
    }
}
