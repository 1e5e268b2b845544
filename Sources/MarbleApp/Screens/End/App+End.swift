import MarbleKit

/// The end screen's actions: sharing the picture and the log.
extension App {
    /// Save picture: the PNG is encoded and written on a thread of its own.
    func savePicture() {
        do {
            if try drawings.startPicture() { say("Saving the picture…", for: 3) }
        } catch let error as DrawingController.ExportError {
            say(error.description)
        } catch {
            report(error, "Could not save the picture", context: drawings.picturePath ?? drawings.exportFolder)
        }
    }

    /// Film: the time-lapse is filmed on a thread of its own; the button shows how far it got.
    func saveTimelapse() {
        do {
            if try drawings.startFilm() { say("Filming the time-lapse…", for: 3) }
        } catch let error as DrawingController.ExportError {
            say(error.description)
        } catch {
            report(error, "Could not save the time-lapse", context: drawings.timelapsePath ?? drawings.exportFolder)
        }
    }

    /// Each frame: a picture or film that ended is told.
    func exportsFrame() {
        let (picture, film) = drawings.pollExports()
        tell(picture, "picture", at: drawings.picturePath)
        tell(film, "time-lapse", at: drawings.timelapsePath)
    }

    private func tell(_ outcome: ExportJob.Outcome?, _ what: String, at path: String?) {
        switch outcome {
        case .saved(let path)?: say("\(what.prefix(1).uppercased() + what.dropFirst()) saved: \(path)", for: 12)
        case .failed(let why)?:
            say("Could not save the \(what): \(why)")
            log("\(path ?? drawings.exportFolder): \(why)")
        case .cancelled?, nil: break
        }
    }

    func saveLog() {
        do {
            if let path = try drawings.saveLog() { say("Log saved: \(path)", for: 12) }
        } catch {
            report(error, "Could not save the log", context: drawings.logPath ?? drawings.exportFolder)
        }
    }
}
