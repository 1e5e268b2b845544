import ArgumentParser
import MarbleKit

/// `marble drawings`: the gallery, newest first.
struct DrawingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drawings",
        abstract: "List the saved drawings, most recently changed first.")

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print a JSON array: id, title, created, modified, duration_s, segments, thumbnail.")
    var json = false

    func run() throws {
        let store = try storeOptions.open()
        let (drawings, notes) = store.list()
        for note in notes { complain(note) }
        if json {
            print(JSONValue.array(drawings.map(\.json)).text)
            return
        }
        if drawings.isEmpty {
            print("No drawings yet in \(store.root).")
            return
        }
        for d in drawings {
            print("\(d.id)  \(isoTime(d.modified).prefix(16).replacingOccurrences(of: "T", with: " "))  "
                  + "\(String(format: "%7.1f", d.duration)) s  \(String(repeating: " ", count: max(0, 8 - String(d.segments).count)))\(d.segments) segments  \(d.title)")
        }
    }
}

/// `marble info`: one drawing's summary.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a drawing's summary (default: the latest).")

    @OptionGroup var target: DrawingTarget

    func run() throws {
        let drawing = try target.open()
        try drawing.closeForCommand()
        printInfo(drawing, json: target.json)
    }
}

/// Prints a drawing's info, as JSON or as a few lines.
func printInfo(_ drawing: StoredDrawing, json: Bool) {
    if json {
        print(drawing.infoJSON.text)
        return
    }
    let r = drawing.session.report(hash: CanvasHash.sha256)
    print("\(drawing.title) (\(drawing.id))")
    print("Created \(isoTime(drawing.created)), changed \(isoTime(drawing.modified)).")
    print("\(String(format: "%.1f", r.durationSeconds)) s of drawing, \(r.segments) segments, \(r.physics.rawValue) physics, \(r.difficulty.rawValue), \(r.canvas.width)×\(r.canvas.height).")
    print("Undo steps: \(drawing.session.history.count), redo steps: \(drawing.session.undone.count).")
}
