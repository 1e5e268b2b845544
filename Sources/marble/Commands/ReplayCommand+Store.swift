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
            // A two-marble log makes a two-marble drawing.
            if read.log.second != nil { c.marbles = 2 }
            // `--trace` with `--new`: the drawing keeps its shape, as one started in the window.
            let shape = trace
            drawing = try storeCall { () throws(StoreError) in try store.create(configuration: c, trace: shape) }
        } else {
            drawing = try store.openForCommand(id)
            if read.log.second != nil && drawing.session.second == nil {
                complain("marble: \(LogIssue(path: log, line: read.headerLine, reason: "a two-marble log: drawing \(drawing.id) has one marble, and a one-marble drawing cannot be continued as two"))")
                try? drawing.close()
                throw Exit.badData
            }
        }
        // A continued drawing's clock resumes at its last sample: the log's first sample lands
        // there (for a log starting at 0, a sample at t lands at last time + t). A new drawing
        // keeps the log's own clock.
        let offset = new ? 0 : drawing.resumeTime - (read.log.samples.first?.t ?? 0)
        Signals.install()
        do {
            try play(read) { sample, other in
                var s = sample
                s.t = offset + sample.t
                if let other { try drawing.feed(s, second: other) } else { try drawing.feed(s) }
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
        try finish(drawing.session, read, id: drawing.id)
        if !json { print("Drawing \(drawing.id) in \(store.root)") }
    }
}
