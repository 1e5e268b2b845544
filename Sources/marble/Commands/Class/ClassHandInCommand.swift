import ArgumentParser
import Foundation
import MarbleKit

/// `marble class hand-in`: a drawing into the outbox, then sent when the class folder answers.
struct ClassHandInCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hand-in",
        abstract: "Hand a drawing in to the class folder (its picture, marble log and time-lapse).",
        discussion: "It is kept in this machine's outbox first; exit 0 once the class folder has it, 75 while it waits (it is sent later by the window or 'marble class send').")

    @Argument(help: ArgumentHelp("The drawing (default: the most recently changed).", valueName: "ID"))
    var id: String?

    @Option(help: ArgumentHelp("The child handing it in (one of the names set with 'marble class set --names').", valueName: "CHILD"))
    var name: String?

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let environment = Environment.live()
        let connection = try storeOptions.classConnection(environment)
        let child = try chosenChild(connection.setup)
        let store = try storeOptions.open(environment)
        let drawing = try store.openForCommand(id)
        let film = UserFolders.current.pictures + "/marble-\(drawing.id).webp"
        let parts = try storeCall { () throws(StoreError) in
            try Outbox.Parts(drawing.id, title: drawing.title, picture: try drawing.pictureToShare(), of: store,
                             timelapse: FileManager.default.fileExists(atPath: film) ? film : nil)
        }
        try drawing.closeForCommand()
        let outbox = Outbox(storeRoot: store.root, environment: environment)
        let handIn: HandIn
        do {
            handIn = try outbox.add(parts, child: child, folder: connection.folder(for: child))
        } catch {
            complain("the hand-in could not be kept in the outbox: \(error)")
            throw Exit.ioError
        }
        var setup = connection.setup
        setup.handedIn(by: child)
        try? ClassSetupFile(storeRoot: store.root, io: environment.io).save(setup)
        print("Handed in \(drawing.title) (\(drawing.id))\(child.isEmpty ? "" : " for \(child)"): code \(handIn.code).")
        try deliver(handIn.code, connection: connection, outbox: outbox)
    }

    private func chosenChild(_ setup: ClassSetup) throws -> String {
        guard let name else {
            if setup.names.isEmpty { return "" }
            complain("who is handing in? add --name with one of: \(setup.names.joined(separator: ", "))")
            throw Exit.usage
        }
        if setup.names.isEmpty { return name }
        guard let match = setup.names.first(where: { $0.lowercased() == name.lowercased() }) else {
            complain("\(name) is not one of this machine's names: \(setup.names.joined(separator: ", "))")
            throw Exit.usage
        }
        return match
    }
}

/// Sends what waits; says what became of `code` and exits 75 while it waits.
func deliver(_ code: String?, connection: ClassConnection, outbox: Outbox) throws {
    let round = ClassSend.round(connection: connection, outbox: outbox, force: true)
    if round.busy {
        complain("another marble is sending the outbox now; it will send this hand-in too")
        throw Exit.tempFail
    }
    for f in round.failed where code == nil || f.code == code { complain("\(f.code): \(f.problem)") }
    let waiting = outbox.entries().handIns.filter { $0.state == .waiting }
    for h in waiting where !round.failed.contains(where: { $0.code == h.code }) {
        complain("\(h.code): waits\(h.error.map { ": \($0)" } ?? "")")
    }
    if let code {
        if round.delivered.contains(code) || outbox.handIn(code)?.state == .sent {
            print("The class folder has it.")
            return
        }
        complain("\(code) waits in the outbox; it is sent when the class folder answers ('marble class send', or the window)")
        throw Exit.tempFail
    }
    if !round.delivered.isEmpty { print("Sent \(round.delivered.count): \(round.delivered.joined(separator: ", ")).") }
    if waiting.isEmpty {
        if round.delivered.isEmpty { print("Nothing waits in the outbox.") }
        return
    }
    throw Exit.tempFail
}

/// One round of sending.
enum ClassSend {
    static func round(connection: ClassConnection, outbox: Outbox, force: Bool) -> ClassCourier.Round {
        ClassCourier(outbox: outbox, connection: connection).sendWaiting(force: force)
    }
}
