import MarbleKit

/// The end screen's actions: sharing the picture and the log.
extension App {
    func savePicture() {
        do {
            if let path = try drawings.savePicture() { say("Picture saved: \(path)", for: 12) }
        } catch let error as DrawingController.ExportError {
            say(error.description)
        } catch {
            report(error, "Could not save the picture", context: drawings.picturePath ?? drawings.exportFolder)
        }
    }

    func saveTimelapse() {
        do {
            if let path = try drawings.saveTimelapse() { say("Time-lapse saved: \(path)", for: 12) }
        } catch let error as DrawingController.ExportError {
            say(error.description)
        } catch {
            report(error, "Could not save the time-lapse", context: drawings.timelapsePath ?? drawings.exportFolder)
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
