import MarbleKit

/// Sharing the open drawing: its picture and its time-lapse, each made off the frame loop, and
/// its input as a marble log.
extension DrawingController {
    /// Where Save picture writes the open drawing.
    var picturePath: String? { drawing.map { exportFolder + "/marble-\($0.id).png" } }
    /// Where Save log writes the open drawing.
    var logPath: String? { drawing.map { exportFolder + "/marble-\($0.id).csv" } }
    /// Where Film writes the open drawing's time-lapse.
    var timelapsePath: String? { drawing.map { exportFolder + "/marble-\($0.id).webp" } }

    /// Starts saving the picture, with the drawing inside it, off the frame loop; false when
    /// one is already being saved (the button works again only when it is done).
    ///
    /// The drawing is saved and its pixels and journal copied here; the PNG is encoded (the
    /// slow part: tens of ms for a big canvas) and written on the job's thread.
    func startPicture() throws -> Bool {
        guard picture == nil else { return false }
        guard let d = drawing, let path = picturePath else { return false }
        guard let encode = store.environment.codecs.encodePicture else { throw ExportError.noPictures }
        try d.save()
        let parts = try d.pictureToShare()
        picture = ExportJob(name: "picture", path: path, environment: store.environment) { _ in try parts.encoded(with: encode) }
        savingPicture = true
        return true
    }

    /// Starts filming the drawing's time-lapse off the frame loop; false when one is already
    /// being filmed.
    ///
    /// The drawing is saved here; its journal is read back on the job's thread (tens of ms for
    /// a long drawing), up to the length it has now, so drawing on meanwhile is not in the film.
    func startFilm() throws -> Bool {
        guard film == nil else { return false }
        guard let d = drawing, let path = timelapsePath else { return false }
        // The program gives the encoder (the app links no image library); nil: none here.
        guard let encode = store.environment.codecs.encodeTimelapse else { throw ExportError.noTimelapses }
        try d.save()
        let (store, id, length) = (store, d.id, d.journalLength)
        film = ExportJob(name: "film", path: path, environment: store.environment) { job in
            let history = try store.history(of: id, journalLength: length)
            // Reading and filming each start just after a frame is shown.
            job.freshFrame()
            return try encode(history, job.progress)
        }
        filmProgress = 0
        return true
    }

    /// Once a frame: notes how far the jobs got, and takes the outcome of each that ended
    /// (the picture's first, then the film's).
    func pollExports() -> (picture: ExportJob.Outcome?, film: ExportJob.Outcome?) {
        let pictureOutcome = take(&picture)
        savingPicture = picture != nil
        filmProgress = film?.progress
        let filmOutcome = take(&film)
        if filmOutcome != nil { filmProgress = nil }
        return (pictureOutcome, filmOutcome)
    }

    private func take(_ job: inout ExportJob?) -> ExportJob.Outcome? {
        guard let outcome = job?.outcome else { return nil }
        job = nil
        if case .saved(let path) = outcome { lastExport = path }
        return outcome
    }

    /// A frame was shown: the jobs' next slices of work may start.
    func frameShown() {
        film?.frameShown()
        picture?.frameShown()
    }

    /// Stops what is being made and waits for the threads (closing, quitting): nothing is written.
    func cancelExports() {
        film?.cancelAndWait()
        picture?.cancelAndWait()
        film = nil
        picture = nil
        filmProgress = nil
        savingPicture = false
    }

    /// Writes the drawing's input as a marble log to `exportFolder`; returns its path.
    func saveLog() throws -> String? {
        guard let d = drawing, let path = logPath else { return nil }
        try d.save()
        // In pieces: a long drawing's log is never whole in memory.
        try store.writeInputLog(of: d.id, to: path, io: store.environment.io, makingFolders: true)
        lastExport = path
        return path
    }
}
