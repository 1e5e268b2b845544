import ArgumentParser
import Foundation
import MarbleKit
import MarblePNG

/// `marble export`: a drawing as a PNG that carries the drawing, so it can be continued.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Save a drawing as a PNG picture (that 'marble open' can continue).")

    @Argument(help: ArgumentHelp("The drawing (default: the most recently changed).", valueName: "ID"))
    var id: String?

    @Option(help: ArgumentHelp("The PNG file to write.", valueName: "OUT.png"))
    var png: String

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let store = try storeOptions.open()
        let drawing = try store.openForCommand(id)
        try drawing.closeForCommand()
        let bytes: [UInt8]
        do {
            bytes = try drawing.sharedPicture { try PNGImage.encode(rgba: $0, width: $1, height: $2) }
        } catch let error as StoreError {
            complain(error.description)
            throw error.exitCode
        } catch {
            complain("\(png): \(error)")
            throw Exit.ioError
        }
        try writeOutput(bytes, to: png, io: store.environment.io)
        print("Saved \(drawing.title) to \(png)")
    }
}

/// `marble open`: adds a drawing from an exported PNG to the gallery.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Add the drawing inside a PNG exported by marble, or handed in with a code, to the gallery, to continue it.")

    @Argument(help: ArgumentHelp("A PNG picture exported by 'marble export', or a hand-in's code (six characters) to fetch from the class folder.", valueName: "PICTURE.png|CODE"))
    var picture: String

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print the new drawing's info as JSON.")
    var json = false

    func run() throws {
        let bytes: [UInt8]
        let source: String
        if !FileManager.default.fileExists(atPath: picture), let code = DrawingCode(picture) {
            (bytes, source) = try fetchHandIn(code, storeOptions: storeOptions)
        } else if let data = FileManager.default.contents(atPath: picture) {
            (bytes, source) = ([UInt8](data), picture)
        } else {
            complain("\(picture): no such file")
            throw Exit.inputMissing
        }
        let journal: [UInt8]
        do {
            let found = try PictureChunk.extractRecovering(from: bytes)
            if let damage = found.damage { complain("\(source): \(damage); recovering what is valid") }
            journal = found.drawing
        } catch {
            complain("\(source): \(error)")
            throw Exit.badData
        }
        let store = try storeOptions.open()
        let drawing = try storeCall { () throws(StoreError) in try store.adopt(journal: journal, source: source) }
        drawing.printRecoveryNotes()
        try drawing.closeForCommand()
        if json {
            printInfo(drawing, json: true)
        } else {
            print("Added \(drawing.title) as \(drawing.id); continue it with: marble play --continue \(drawing.id)")
        }
    }
}

/// `marble delete`: removes a drawing for good.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a drawing for good (needs --yes).")

    @Argument(help: ArgumentHelp("The drawing to delete.", valueName: "ID"))
    var id: String

    @Flag(help: "Yes, delete it: this cannot be undone.")
    var yes = false

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if !yes { throw ValidationError("deleting a drawing cannot be undone; add --yes to delete \(id).") }
    }

    func run() throws {
        let store = try storeOptions.open()
        try storeCall { () throws(StoreError) in try store.delete(id) }
        print("Deleted \(id).")
    }
}
