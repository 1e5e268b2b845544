import ArgumentParser
import Foundation
import MarbleKit

/// `marble class set`: the teacher's one-time setup of a machine.
struct ClassSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set this machine's class folder (checks that it answers and takes a file).")

    @Argument(help: ArgumentHelp("The class folder: https://… (WebDAV, or a Nextcloud File drop link), or /path (a mounted share).", valueName: "URL"))
    var url: String

    @Option(help: "The user name to sign in with.")
    var user: String?

    @Option(help: ArgumentHelp("A file holding the password (its first line); kept in a file only you can read, never printed.", valueName: "FILE"))
    var passwordFile: String?

    @Option(help: ArgumentHelp("The children who hand in on this machine, separated by commas.", valueName: "NAMES"))
    var names: String?

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let environment = Environment.live()
        var password: String?
        if let passwordFile {
            guard let data = FileManager.default.contents(atPath: passwordFile) else {
                complain("\(passwordFile): no such file (the password file)")
                throw Exit.inputMissing
            }
            password = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if password?.hasSuffix("\r") == true { password?.removeLast() }
        }
        let setup = try classCall { () throws(ClassProblem) in
            try ClassSetup(url: url, user: user, names: try names.map { n throws(ClassProblem) in try ClassSetup.names(from: n) } ?? [])
        }
        guard let connect = environment.connectClass else { throw Exit.unavailable }
        let connection = ClassConnection(setup: setup, password: password, connect: connect)
        try classCall { () throws(ClassProblem) in try connection.transport().check() }
        let root = DrawingStateStore.location(explicit: storeOptions.store, folders: .current)
        let file = ClassSetupFile(storeRoot: root, io: environment.io)
        try storeCall { () throws(StoreError) in
            try file.save(setup)
            try file.savePassword(password)
        }
        let who = setup.names.isEmpty ? "no names (hand-ins go in the class folder itself)" : "\(setup.names.count) children: \(setup.names.joined(separator: ", "))"
        print("The class folder \((try? setup.address.description) ?? url) answers and takes files; \(who).")
    }
}
