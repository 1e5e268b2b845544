import ArgumentParser
import Foundation
import MarbleKit
import MarblePNG

/// `--store DIR`: which drawing store to use.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The drawing store. Default: $MARBLE_HOME, else $XDG_DATA_HOME/marble, else ~/.local/share/marble.",
        valueName: "DIR"))
    var store: String?

    /// Opens the store in the program's environment (PNG thumbnails).
    func open(_ environment: Environment = .live()) throws -> DrawingStateStore {
        let root = DrawingStateStore.location(explicit: store, folders: .current)
        return try storeCall { () throws(StoreError) in try DrawingStateStore(root: root, environment: environment) }
    }
}

/// A command's drawing: `[ID]` (default: the most recently changed), `--store DIR`, `--json`.
struct DrawingTarget: ParsableArguments {
    @Argument(help: ArgumentHelp("The drawing (default: the most recently changed).", valueName: "ID"))
    var id: String?

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print the drawing's info as JSON: the replay report's keys plus id, title, created, modified.")
    var json = false

    /// Opens the drawing, printing what was recovered if it was damaged.
    func open() throws -> StoredDrawing {
        try storeOptions.open().openForCommand(id)
    }
}

/// Runs a store operation; a store error is printed and becomes its exit code.
func storeCall<T>(_ body: () throws(StoreError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        complain(error.description)
        throw error.exitCode
    }
}

extension StoreError {
    /// The exit code for this error (sysexits.h).
    var exitCode: ExitCode {
        switch self {
        case .notFound, .empty: return Exit.inputMissing
        case .badID, .badConfiguration: return Exit.usage
        case .newerVersion, .damaged: return Exit.badData
        case .io: return Exit.ioError
        case .busy: return Exit.tempFail
        }
    }
}

extension DrawingStateStore {
    /// Opens `id`, or the latest drawing, printing what was recovered if it was damaged.
    func openForCommand(_ id: String?) throws -> StoredDrawing {
        let drawing = try storeCall { () throws(StoreError) in
            guard let id else { return try open(latestID()) }
            return try open(id)
        }
        drawing.printRecoveryNotes()
        return drawing
    }
}

extension StoredDrawing {
    func printRecoveryNotes() {
        for note in recoveryNotes { printError("marble: drawing \(id): \(note)") }
    }

    /// Closes the drawing, reporting a failed final save.
    func closeForCommand() throws {
        try storeCall { () throws(StoreError) in try close() }
    }
}
