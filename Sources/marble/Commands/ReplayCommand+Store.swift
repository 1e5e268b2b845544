import ArgumentParser
import MarbleKit

/// `marble replay --new | --continue`: the log played into the store as a live session would.
extension ReplayCommand {
    func runIntoStore() throws {
        let read = try loadLog()
        let store = try storeOptions.open()
        let drawing: StoredDrawing
        if new {
            let (setup, problems) = read.log.setup
            for problem in problems { printError("warning: \(log): \(problem); using the default") }
            drawing = try storeCall { () throws(StoreError) in try store.create(configuration: physicsOptions.configuration(setup)) }
        } else {
            drawing = try store.openForCommand(id)
        }
        // A continued drawing's clock resumes at its last sample: the log's first sample lands
        // there (for a log starting at 0, a sample at t lands at last time + t). A new drawing
        // keeps the log's own clock.
        let offset = new ? 0 : drawing.resumeTime - (read.log.samples.first?.t ?? 0)
        Signals.install()
        var pacer = speed.map { Pacer(speed: $0) }
        var progress = ProgressBar(total: read.log.samples.count, label: "Replaying")
        for (i, sample) in read.log.samples.enumerated() {
            pacer?.wait(until: sample.t)
            if Signals.caught != 0 { break }
            var s = sample
            s.t = offset + sample.t
            do {
                try drawing.feed(s)
            } catch {
                progress.finish()
                complain("\(log):\(read.sampleLines[i]): \(error)")
                do {
                    try drawing.close()
                    complain("drawing \(drawing.id) is saved up to that line")
                } catch {
                    complain(error.description)
                }
                throw Exit.badData
            }
            do {
                try drawing.saveIfDue()
            } catch {
                progress.finish()
                complain(error.description)
                throw error.exitCode
            }
            progress.update(i)
        }
        progress.finish()
        try drawing.closeForCommand()
        if Signals.caught != 0 {
            complain("stopped by \(Signals.name); drawing \(drawing.id) is saved (\(String(format: "%.1f", drawing.session.duration)) s)")
            throw ExitCode(128 + Signals.caught)
        }
        if let png { try writePicture(drawing.session.canvas, to: png) }
        var report = drawing.session.report()
        report.droppedSamples += read.dropped.count
        if json {
            guard case .object(let pairs) = report.json else { return }
            print(JSONValue.object([("id", .string(drawing.id))] + pairs).text)
        } else {
            print(summary(report))
            print("Drawing \(drawing.id) in \(store.root)")
        }
    }
}
