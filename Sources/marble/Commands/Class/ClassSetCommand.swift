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

    @Option(help: ArgumentHelp("A file holding the password (its first line); kept in a file only you can read, never printed, "
                               + "and sent only to the server (scheme, name and port) it was given for. Without it, the password "
                               + "kept for the same server stays; a new server needs its own.", valueName: "FILE"))
    var passwordFile: String?

    @Option(help: ArgumentHelp("The school's own certificate authority (a PEM file), for an https:// server whose certificate "
                               + "the system does not know (a school's CA, a self-signed NAS); copied into the store's class "
                               + "folder. Without it, the one kept for the same server stays.", valueName: "FILE"))
    var ca: String?

    @Flag(help: ArgumentHelp("Allow signing in over plain http:// to another machine: anyone on the network can read the "
                             + "password and the drawings. Without it that is refused; use https://."))
    var allowPlainHttp = false

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
        var setup = try classCall { () throws(ClassProblem) in
            try ClassSetup(url: url, user: user, names: try names.map { n throws(ClassProblem) in try ClassSetup.names(from: n) } ?? [],
                           allowPlainHTTP: allowPlainHttp)
        }
        let address = try classCall { () throws(ClassProblem) in try setup.address }
        var caBytes: [UInt8]?
        if let ca {
            guard case .webDAV(let at, _, _) = address, at.lowercased().hasPrefix("https://") else {
                complain("\(ca): a certificate authority is for an https:// address; \(address) is not one")
                throw Exit.usage
            }
            // Read no more than a certificate authority can hold: a wrong file may be huge.
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: ca, isDirectory: &isFolder), !isFolder.boolValue,
                  let handle = FileHandle(forReadingAtPath: ca) else {
                complain("\(ca): no such file (the certificate authority)")
                throw Exit.inputMissing
            }
            let data = (try? handle.read(upToCount: ClassSetupFile.caLimit + 1)) ?? Data()
            try? handle.close()
            do throws(ClassProblem) {
                try ClassSetupFile.checkCA(Array(data), source: ca)
            } catch {
                complain(error.description)
                throw Exit.badData
            }
            caBytes = Array(data)
        }
        let root = DrawingStateStore.location(explicit: storeOptions.store, folders: .current)
        let file = ClassSetupFile(storeRoot: root, io: environment.io)
        // What is kept stays for the same server alone; a damaged file is as none (this sets it again).
        let old = (try? file.load()) ?? nil
        let sameServer = old.flatMap { try? $0.address.origin } == address.origin
        if caBytes == nil, sameServer, let old { caBytes = try? file.ca(of: old) }
        let kept = (try? file.keptPassword()) ?? nil
        password = try classCall { () throws(ClassProblem) in try ClassConnection.password(typed: password, for: setup, kept: kept) }
        guard let connect = environment.connectClass else { throw Exit.unavailable }
        let connection = ClassConnection(setup: setup, password: password, ca: caBytes, connect: connect)
        try classCall { () throws(ClassProblem) in try connection.transport().check() }
        try storeCall { () throws(StoreError) in
            // The authority first (under a name of its own), the setup naming it last.
            setup = setup.trusting(ca: try caBytes.map { bytes throws(StoreError) in try file.saveCA(bytes) })
            try file.savePassword(password, for: address.origin)
            try file.save(setup)
            file.removeOtherCAs(than: setup)
        }
        let who = setup.names.isEmpty ? "no names (hand-ins go in the class folder itself)" : "\(setup.names.count) children: \(setup.names.joined(separator: ", "))"
        print("The class folder \(address) answers and takes files; \(who).")
        if setup.signsInUnencrypted {
            complain("note: the password crosses the network unencrypted (plain http:// to \(address.origin), allowed by --allow-plain-http)")
        }
    }
}
