import MarbleKit

/// The end screen's actions: sharing the picture and the log.
extension App {
    /// Save picture: the PNG is encoded and written on a thread of its own.
    func savePicture() {
        do {
            if try drawings.startPicture() { say(tr("Saving the picture…"), for: 3) }
        } catch let error as DrawingController.ExportError {
            say(error.description)
        } catch {
            report(error, tr("Could not save the picture"), context: drawings.picturePath ?? drawings.exportFolder)
        }
    }

    /// Film: the time-lapse is filmed on a thread of its own; the button shows how far it got.
    func saveTimelapse() {
        do {
            if try drawings.startFilm() { say(tr("Filming the time-lapse…"), for: 3) }
        } catch let error as DrawingController.ExportError {
            say(error.description)
        } catch {
            report(error, tr("Could not save the time-lapse"), context: drawings.timelapsePath ?? drawings.exportFolder)
        }
    }

    /// Each frame: a picture or film that ended is told.
    func exportsFrame() {
        let (picture, film) = drawings.pollExports()
        tell(picture, picture: true, at: drawings.picturePath)
        tell(film, picture: false, at: drawings.timelapsePath)
    }

    /// A picture's (`picture`) or a time-lapse's outcome, told in a sentence of its own for each.
    private func tell(_ outcome: ExportJob.Outcome?, picture: Bool, at path: String?) {
        switch outcome {
        case .saved(let path)?:
            say(picture ? tr("Picture saved: {path}", ["path": path]) : tr("Time-lapse saved: {path}", ["path": path]), for: 12)
        case .failed(let why)?:
            say(picture ? tr("Could not save the picture: {why}", ["why": why]) : tr("Could not save the time-lapse: {why}", ["why": why]))
            log("\(path ?? drawings.exportFolder): \(why)")
        case .cancelled?, nil: break
        }
    }

    func saveLog() {
        do {
            if let path = try drawings.saveLog() { say(tr("Log saved: {path}", ["path": path]), for: 12) }
        } catch {
            report(error, tr("Could not save the log"), context: drawings.logPath ?? drawings.exportFolder)
        }
    }
}
