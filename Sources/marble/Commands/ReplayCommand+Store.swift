import ArgumentParser
import MarbleKit

/// `marble replay --new | --continue`: the log played into the store as a live session would.
extension ReplayCommand {
    func runIntoStore() throws {
        let read = try loadLog()
        let store = try storeOptions.open()
        let drawing: StoredDrawing
        if new {
            var c = configuration(read.log)
            // A log of several marbles makes a drawing of as many.
            c.marbles = read.log.marbles.count
            // `--trace` with `--new`: the drawing keeps its shape, as one started in the window.
            let shape = trace
            // `--over`: the drawing keeps its picture, once, in its journal (format version 5).
            let board = try pictureOptions.board(for: c)
            drawing = try storeCall { () throws(StoreError) in try store.create(configuration: c, board: board, trace: shape) }
        } else {
            drawing = try store.openForCommand(id)
            if read.log.marbles.count != drawing.session.marbles.count {
                let (n, m) = (read.log.marbles.count, drawing.session.marbles.count)
                complain("\(LogIssue(path: log, line: read.headerLine, reason: "a log of \(plural(n, "marble")): drawing \(drawing.id) has \(m), and a drawing goes on with the marbles it has"))")
                try? drawing.close()
                throw Exit.badData
            }
        }
        // A continued drawing's clock resumes at its last sample: the log's first sample lands
        // there (for a log starting at 0, a sample at t lands at last time + t). A new drawing
        // keeps the log's own clock.
        let offset = new ? 0 : drawing.resumeTime - (read.log.timeSpan?.first ?? 0)
        Signals.install()
        do {
            let log = read.log
            var row: [Sample] = []
            try play(read) { i in
                log.row(i, into: &row)
                // The row's time is its first sample's: the others take it as fed.
                row[0].t += offset
                try drawing.feed(row)
                try drawing.saveIfDue()
            }
        } catch let stop as PlayStop {
            if let error = stop.error as? StoreError {
                // A save failed (a full disk): the journal holds what was saved before.
                complain(error.description)
                throw error.exitCode
            }
            complain("\(log):\(stop.line): \(stop.error)")
            do {
                try drawing.close()
                complain("drawing \(drawing.id) is saved up to that line")
            } catch {
                complain(error.description)
            }
            throw Exit.badData
        }
        try drawing.closeForCommand()
        if Signals.caught != 0 {
            complain("stopped by \(Signals.name); drawing \(drawing.id) is saved (\(String(format: "%.1f", drawing.session.duration)) s)")
            throw ExitCode(128 + Signals.caught)
        }
        try finish(drawing.session, dropped: read.dropped.count, id: drawing.id)
        if !json { print("Drawing \(drawing.id) in \(store.root)") }
    }
}
