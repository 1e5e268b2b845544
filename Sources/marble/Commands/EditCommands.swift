import ArgumentParser
import MarbleKit

/// `marble undo`: takes back a drawing's last stroke or clear.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back a drawing's last stroke or clear (default: the latest drawing).")

    @OptionGroup var target: DrawingTarget

    func run() throws {
        try edit(target, done: "Undid a step of", nothing: "nothing to undo") { d throws(StoreError) in try d.undo() }
    }
}

/// `marble redo`: brings back the last undone step.
struct RedoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Bring back the last undone stroke or clear (default: the latest drawing).")

    @OptionGroup var target: DrawingTarget

    func run() throws {
        try edit(target, done: "Redid a step of", nothing: "nothing to redo") { d throws(StoreError) in try d.redo() }
    }
}

/// `marble clear`: clears a drawing's canvas, as a step that `marble undo` takes back.
struct ClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Clear a drawing's canvas (undo brings it back; default: the latest drawing).")

    @OptionGroup var target: DrawingTarget

    func run() throws {
        try edit(target, done: "Cleared", nothing: "the canvas is blank already") { d throws(StoreError) in try d.clearCanvas() }
    }
}

/// Opens the drawing, makes the edit, saves; says when there was nothing to do.
private func edit(_ target: DrawingTarget, done: String, nothing: String,
                  _ body: (StoredDrawing) throws(StoreError) -> Bool) throws {
    let drawing = try target.open()
    let changed = try storeCall { () throws(StoreError) in try body(drawing) }
    try drawing.closeForCommand()
    if !changed { printError("marble: drawing \(drawing.id): \(nothing)") }
    if target.json {
        printInfo(drawing, json: true)
    } else if changed {
        print("\(done) \(drawing.id): \(drawing.session.segmentCount) segments on the canvas.")
    }
}

/// `marble rename`: gives a drawing a new title.
struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give a drawing a new title.")

    @Argument(help: ArgumentHelp("The drawing.", valueName: "ID"))
    var id: String

    @Argument(help: ArgumentHelp("The new title (up to 1000 bytes of UTF-8).", valueName: "TITLE"))
    var title: String

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let drawing = try storeOptions.open().openForCommand(id)
        try storeCall { () throws(StoreError) in try drawing.rename(title) }
        try drawing.closeForCommand()
        print("Renamed \(drawing.id) to \(drawing.title)")
    }
}
