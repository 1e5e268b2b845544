import Foundation
import MarbleKit

extension App {
    // MARK: - The frame

    /// Advances the app to `now` (monotonic seconds): steps the controls and feeds the drawing
    /// one sample, then autosaves on the store's schedule.
    public func update(now t: Double) {
        now = t
        if notice != nil && now > noticeUntil { notice = nil }
        // A stall (a dragged window, a slow disk) must not fling the ball: at most 1/4 s per frame.
        let dt = lastUpdate.map { min(max(t - $0, 0), 0.25) } ?? 0
        lastUpdate = t
        guard isDrawingLive, let d = drawing else { return }
        let out = controls.step(dt: dt)
        drawingTime += dt
        let sample = Sample(t: drawingTime, tilt: out.tilt, heading: out.heading, penDown: out.penDown)
        do throws(SessionError) {
            _ = try d.feed(sample)
        } catch {
            paused = .user
            report(error, "The drawing cannot go on", context: d.id)
            return
        }
        do throws(StoreError) {
            _ = try d.saveIfDue()
        } catch {
            // Nothing is lost: the samples stay pending and the next save retries.
            report(error, "Could not save", context: "save \(d.id)")
        }
    }

    // MARK: - Opening and closing drawings

    func startNewDrawing() {
        closeDrawing()
        let configuration = SessionConfiguration(mode: setupMode, difficulty: setupDifficulty)
        do throws(StoreError) {
            enterDrawing(try store.create(configuration: configuration))
        } catch {
            report(error, "Could not start a drawing", context: "new drawing")
        }
    }

    /// Opens a stored drawing and goes on drawing it, where it stopped.
    public func openDrawing(_ id: String) {
        if drawing?.id == id, let d = drawing { enterDrawing(d); return }
        closeDrawing()
        do throws(StoreError) {
            enterDrawing(try store.open(id))
        } catch {
            report(error, "Could not open that drawing", context: "open \(id)")
        }
    }

    /// Starts a new drawing straight away (`marble play --new`).
    public func startNew(mode: PhysicsMode, difficulty: Difficulty) {
        setupMode = mode
        setupDifficulty = difficulty
        startNewDrawing()
    }

    func enterDrawing(_ d: StoredDrawing) {
        for note in d.recoveryNotes {
            log(note)
            say(note, for: 8)
        }
        // A frame must not wait for the disk: autosaves write, and a background thread flushes.
        d.syncInBackground = true
        // The end screen's "Saved:" line belongs to the drawing it was saved from.
        if drawing?.id != d.id { lastExport = nil }
        drawing = d
        drawingTime = d.resumeTime
        controls.resetHeading(d.session.heading)
        go(to: .drawing)
        paused = nil
        lastUpdate = nil
    }

    func finishDrawing() {
        guard let d = drawing else { return }
        do throws(StoreError) {
            // A fresh thumbnail and gallery entry, so the end screen and the gallery agree.
            try d.checkpoint()
        } catch {
            report(error, "Could not save", context: "save \(d.id)")
        }
        go(to: .end)
    }

    /// Saves the journal now (window hidden, paused, a pad gone).
    func save() {
        guard let d = drawing else { return }
        do throws(StoreError) {
            try d.save()
        } catch {
            report(error, "Could not save", context: "save \(d.id)")
        }
    }

    func closeDrawing() {
        guard let d = drawing else { return }
        drawing = nil
        paused = nil
        do throws(StoreError) {
            try d.close()
        } catch {
            log("save \(d.id): \(error)")
        }
    }

    // MARK: - Sharing

    func savePicture() {
        guard let d = drawing else { return }
        guard let encode = store.pictureEncoder else { say("Pictures cannot be saved here."); return }
        let path = exportFolder + "/marble-\(d.id).png"
        do {
            try d.save()
            let bytes = try d.sharedPicture(encode: encode)
            try makeExportFolder()
            try AtomicFile.write(bytes, to: path)
            lastExport = path
            say("Picture saved: \(path)", for: 12)
        } catch {
            report(error, "Could not save the picture", context: path)
        }
    }

    func saveLog() {
        guard let d = drawing else { return }
        let path = exportFolder + "/marble-\(d.id).csv"
        do {
            try d.save()
            let text = try store.inputLog(of: d.id).text()
            try makeExportFolder()
            try AtomicFile.write(Array(text.utf8), to: path)
            lastExport = path
            say("Log saved: \(path)", for: 12)
        } catch {
            report(error, "Could not save the log", context: path)
        }
    }

    func makeExportFolder() throws {
        try FileManager.default.createDirectory(atPath: exportFolder, withIntermediateDirectories: true)
    }
}
