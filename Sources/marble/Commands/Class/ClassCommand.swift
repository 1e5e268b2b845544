import ArgumentParser
import MarbleKit

/// `marble class`: the class folder: set it up, hand in, send, and the teacher's pull and report.
struct ClassCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class",
        abstract: "Hand drawings in to the class folder on the school's server, and gather them.",
        discussion: """
            The class folder is a WebDAV folder (Nextcloud, ownCloud, a NAS, Apache mod_dav; a \
            Nextcloud File drop link works as it is) or a plain folder (a mounted share). A \
            hand-in waits durably in this machine's outbox until the class folder has it.

            The password is sent only to the server (scheme, name and port) it was given for; \
            a new address needs its own. Signing in over plain http:// to another machine is \
            refused unless 'set' is given --allow-plain-http; https:// checks the server's \
            certificate against the system's authorities and the school's own (--ca FILE).

            Examples:
              marble class set https://cloud.school.example/remote.php/dav/files/class3/Marble \\
                  --user class3 --password-file pw.txt --names "Ada,Ben,Cleo"
              marble class set https://nas.school.example/class3/ --ca school-ca.pem \\
                  --user class3 --password-file pw.txt   (a school's own certificate authority)
              marble class hand-in --name Ada          (the latest drawing)
              marble class status --json
              marble class send
              marble class pull --into ~/class3        (the teacher)
              marble class report --store ~/class3
              marble open K7QX3M                       (a drawing by its code)
            """,
        subcommands: [ClassSetCommand.self, ClassHandInCommand.self, ClassStatusCommand.self, ClassSendCommand.self,
                      ClassPullCommand.self, ClassReportCommand.self])
}

extension ClassProblem {
    /// The exit code for this problem: waiting on the server is temporary (75); what the
    /// teacher must fix is 69 (unavailable) or 64 (a bad address).
    var exitCode: ExitCode {
        switch self {
        case .badAddress, .passwordNeeded, .plainHTTP: return Exit.usage
        case .unreachable, .full, .cut: return Exit.tempFail
        case .tooLarge: return Exit.badData
        case .noSuchCode: return Exit.inputMissing
        case .server(_, let status, _) where status >= 500: return Exit.tempFail
        default: return Exit.unavailable
        }
    }
}

/// Runs a class folder call; a problem is printed and becomes its exit code.
func classCall<T>(_ body: () throws(ClassProblem) -> T) throws -> T {
    do {
        return try body()
    } catch {
        complain(error.description)
        throw error.exitCode
    }
}

extension StoreOptions {
    /// This machine's class connection; exits with a message when none was set.
    func classConnection(_ environment: Environment) throws -> ClassConnection {
        let root = DrawingStateStore.location(explicit: store, folders: .current)
        guard let c = try classCall({ () throws(ClassProblem) in try ClassConnection.of(storeRoot: root, environment: environment) }) else {
            complain("no class folder is set on this machine; the teacher sets it with 'marble class set URL'")
            throw Exit.usage
        }
        return c
    }
}

/// A handed-in picture fetched by its code from the class folder: its bytes and where it was.
func fetchHandIn(_ code: DrawingCode, storeOptions: StoreOptions) throws -> (bytes: [UInt8], source: String) {
    let connection = try storeOptions.classConnection(.live())
    return try classCall { () throws(ClassProblem) in
        let transport = try connection.transport()
        guard let path = try ClassLookup.picture(code, in: transport) else {
            throw .noSuchCode(code.text, folder: (try? connection.setup.address.description) ?? connection.setup.url)
        }
        return (try transport.read(path, limit: 256 << 20), path)
    }
}
