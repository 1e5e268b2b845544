import ArgumentParser
import MarbleKit

/// `marble clear`: clears a drawing's canvas, as a step that `marble undo` takes back.
struct ClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Clear a drawing's canvas (undo brings it back; default: the latest drawing).")

    @Argument(help: ArgumentHelp("The drawing (default: the most recently changed).", valueName: "ID"))
    var id: String?

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print the drawing's info after clearing, as JSON.")
    var json = false

    func run() throws {
        let drawing = try storeOptions.open().openForCommand(id)
        let done = try storeCall { () throws(StoreError) in try drawing.clearCanvas() }
        try drawing.closeForCommand()
        if !done { printError("marble: drawing \(drawing.id): the canvas is blank already") }
        if json { printInfo(drawing, json: true) } else if done { print("Cleared \(drawing.id); 'marble undo' brings it back.") }
    }
}

/// `marble rename`: gives a drawing a new title.
struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give a drawing a new title.")

    @Argument(help: ArgumentHelp("The drawing.", valueName: "ID"))
    var id: String

    @Argument(help: ArgumentHelp("The new title (up to 200 characters).", valueName: "TITLE"))
    var title: String

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let drawing = try storeOptions.open().openForCommand(id)
        try storeCall { () throws(StoreError) in try drawing.rename(title) }
        try drawing.closeForCommand()
        print("Renamed \(drawing.id) to \(drawing.title)")
    }
}
