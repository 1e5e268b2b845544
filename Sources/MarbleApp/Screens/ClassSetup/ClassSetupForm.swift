import MarbleKit

/// Settings ▸ Class ▸ Set up, as typed: the class folder's address, the user name, the password
/// (never shown, logged or printed: its description is dots) and the children's names, and why
/// the last check failed.
struct ClassSetupForm: Equatable, Sendable, CustomStringConvertible {
    /// The form's fields, in order on screen.
    enum Field: Int, CaseIterable, Sendable {
        case address, user, password, names
    }

    /// What each field holds, by `Field.rawValue`.
    private var values = ["", "", "", ""]
    /// Whether a password is kept on this machine (an empty password field keeps it, for the
    /// same server alone).
    private(set) var passwordKept = false
    /// The origin the kept password was typed for (`ClassAddress.origin`); nil: none known.
    private(set) var keptFor: String?
    /// Why the last check failed, if it did (cleared by typing).
    var failed: Failure?

    /// Why the folder was not set: in words, and as the hand-in's picture when it is one.
    struct Failure: Equatable, Sendable {
        var words: String
        var reason: HandInStatus.Reason?
    }

    /// The longest a field takes.
    static let longest = 400

    init() {}

    /// Filled in with the setup kept (the password field empty: the kept one stays while the
    /// address names the server it was typed for, `keptFor`).
    init(_ setup: ClassSetup?, passwordKept: Bool, keptFor: String?) {
        values = [setup?.url ?? "", setup?.user ?? "", "", setup?.names.joined(separator: ", ") ?? ""]
        self.passwordKept = passwordKept
        self.keptFor = keptFor
    }

    /// Whether an empty password field keeps the kept password: only while the address typed
    /// is the server (scheme, name and port) it was typed for.
    var keepsPassword: Bool {
        guard passwordKept, let keptFor, let address = try? ClassAddress.parse(Self.trimmed(self[.address])) else { return false }
        return address.origin == keptFor
    }

    /// The password box's hint: what an empty box means for the address typed.
    var passwordHint: String {
        if keepsPassword { return tr("Empty: keep the password kept on this machine") }
        if passwordKept { return tr("A new server: type its password (the kept one is only for the old address)") }
        return tr("Empty: no password")
    }

    subscript(_ field: Field) -> String { values[field.rawValue] }

    /// Typed text into `field` (no control characters; up to `longest`).
    mutating func type(_ text: String, into field: Field) {
        for c in text where !c.isNewline && c != "\t" && !(c.asciiValue.map { $0 < 32 || $0 == 127 } ?? false) {
            guard values[field.rawValue].count < Self.longest else { break }
            values[field.rawValue].append(c)
            failed = nil
        }
    }

    mutating func backspace(_ field: Field) {
        if !values[field.rawValue].isEmpty { values[field.rawValue].removeLast() }
        failed = nil
    }

    /// The setup typed, or why it is not one (an address not understood, names that clash).
    func setup() throws(ClassProblem) -> ClassSetup {
        let url = Self.trimmed(self[.address])
        let names = try ClassSetup.names(from: self[.names])
        return try ClassSetup(url: url, user: Self.trimmed(self[.user]), names: names)
    }

    private static func trimmed(_ s: String) -> String {
        String(s.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The password typed; nil when none was (the kept one stays).
    var password: String? { self[.password].isEmpty ? nil : self[.password] }

    /// The password as the screen shows it: a dot a character.
    var passwordDots: String { String(repeating: "•", count: self[.password].count) }

    // Never the password, whoever prints the form.
    var description: String {
        "ClassSetupForm(address: \(self[.address]), user: \(self[.user]), password: \(passwordDots), names: \(self[.names]))"
    }
}
