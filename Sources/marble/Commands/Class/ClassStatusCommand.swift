import ArgumentParser
import MarbleKit

/// `marble class status`: the outbox, what waits and what was sent.
struct ClassStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "List this machine's hand-ins: waiting or sent, tries, the last error, the code.")

    @Flag(help: "Print a JSON array of objects: id, child, state (waiting or sent), tries, error, code.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let environment = Environment.live()
        let root = DrawingStateStore.location(explicit: storeOptions.store, folders: .current)
        let (handIns, notes) = Outbox(storeRoot: root, environment: environment).entries()
        for n in notes { complain(n) }
        if json {
            print(JSONValue.array(handIns.map(\.json)).text)
            return
        }
        if handIns.isEmpty {
            print("Nothing handed in on this machine yet.")
            return
        }
        for h in handIns {
            let who = h.child.isEmpty ? "-" : h.child
            let tries = "\(h.tries) tr\(h.tries == 1 ? "y" : "ies")"
            print("\(h.code)  \(h.drawing)  \(who)  \(h.state.rawValue)  \(tries)\(h.error.map { "  \($0)" } ?? "")")
        }
    }
}

/// `marble class send`: sends what waits now.
struct ClassSendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send the hand-ins waiting in the outbox now (exit 0 when nothing is left, 75 while some wait).")

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let environment = Environment.live()
        let connection = try storeOptions.classConnection(environment)
        let root = DrawingStateStore.location(explicit: storeOptions.store, folders: .current)
        try deliver(nil, connection: connection, outbox: Outbox(storeRoot: root, environment: environment))
    }
}

extension HandIn {
    /// `{"id", "child", "state", "tries", "error", "code", …}`.
    var json: JSONValue {
        .object([("id", .string(drawing)), ("child", .string(child)), ("state", .string(state.rawValue)),
                 ("tries", .integer(tries)), ("error", error.map { .string($0) } ?? .null), ("code", .string(code)),
                 ("title", .string(title)), ("files", .array(files.map { .string(remotePath($0)) }))])
    }
}
