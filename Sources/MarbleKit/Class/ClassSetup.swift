import Foundation

/// A machine's class folder, set once by the teacher: where it is, who signs in, who hands in.
///
/// Kept in the store's folder as `class/setup.json`; the password apart, in `class/password`
/// (0600, never printed). `ClassSetupFile` reads and writes both.
public struct ClassSetup: Codable, Equatable, Sendable {
    /// The address as the teacher gave it (parsed again by `address`).
    public private(set) var url: String
    /// The user name to sign in with; nil: none (a File drop's token is the link's own).
    public private(set) var user: String?
    /// The children who hand in on this machine, in the teacher's order.
    public private(set) var names: [String]
    /// The child who handed in last on this machine (offered first next time).
    public private(set) var lastChild: String?
    /// Whether the teacher allowed signing in over plain http:// to another machine
    /// (`--allow-plain-http`); absent in setups made before it existed: not allowed.
    private var allowPlainHTTP: Bool?
    /// The school's own certificate authority, a file in the `class/` folder (`ca-….pem`,
    /// named by its contents' hash), trusted for https:// besides the system's; nil: the
    /// system's alone.
    public private(set) var ca: String?

    public init(url: String, user: String? = nil, names: [String] = [], allowPlainHTTP: Bool = false, ca: String? = nil) throws(ClassProblem) {
        _ = try ClassAddress.parse(url)
        self.url = url
        self.user = user.flatMap { $0.isEmpty ? nil : $0 }
        self.names = try Self.checked(names)
        self.lastChild = nil
        self.allowPlainHTTP = allowPlainHTTP ? true : nil
        self.ca = ca
    }

    /// Whether signing in over plain http:// to another machine was allowed by the teacher.
    public var allowsPlainHTTP: Bool { allowPlainHTTP ?? false }

    /// Whether this setup signs in over plain http:// to another machine (allowed, or it
    /// would be refused): the window shows an open padlock.
    public var signsInUnencrypted: Bool {
        guard let address = try? address, address.isPlainHTTPOffMachine else { return false }
        return signsIn(at: address)
    }

    /// Whether a user name is sent to `address` (this setup's): the teacher's, or a File
    /// drop link's token.
    func signsIn(at address: ClassAddress) -> Bool {
        if case .webDAV(_, _?, _) = address { return true }
        return user != nil
    }

    /// The same setup with what `old` (the setup it replaces) trusts and the window cannot
    /// set: the school's certificate authority, and plain http:// if it is still the same
    /// server (a new one is not allowed it without the teacher saying so again).
    public func keepingTrust(of old: ClassSetup?) -> ClassSetup {
        guard let old else { return self }
        var out = self
        out.ca = old.ca
        let same = (try? old.address.origin) == (try? address.origin)
        if same, old.allowsPlainHTTP { out.allowPlainHTTP = true }
        return out
    }

    /// The same setup trusting `ca` (a file name in `class/`; nil: the system's authorities only).
    public func trusting(ca: String?) -> ClassSetup {
        var out = self
        out.ca = ca
        return out
    }

    /// Where the class folder is.
    public var address: ClassAddress {
        get throws(ClassProblem) { try ClassAddress.parse(url) }
    }

    /// The names, the last child to hand in here first.
    public var namesLastFirst: [String] {
        guard let lastChild, let i = names.firstIndex(of: lastChild) else { return names }
        var out = names
        out.remove(at: i)
        return [lastChild] + out
    }

    /// Notes that `child` handed in last (they come first next time).
    public mutating func handedIn(by child: String) {
        if names.contains(child) { lastChild = child }
    }

    /// A list of names typed as "Ada, Ben, …": trimmed, empty ones dropped, each must give a
    /// folder name, no two alike.
    public static func names(from typed: String) throws(ClassProblem) -> [String] {
        try checked(typed.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty })
    }

    private static func checked(_ names: [String]) throws(ClassProblem) -> [String] {
        var folders: Set<String> = []
        for n in names {
            let f = ClassNames.folder(for: n)
            guard !f.isEmpty else { throw .badAddress(n, why: "this name has no letters or digits to name a folder with") }
            guard folders.insert(f.lowercased()).inserted else { throw .badAddress(n, why: "two children would share the folder \(f)") }
        }
        guard names.count <= 60 else { throw .badAddress("--names", why: "at most 60 children hand in on one machine") }
        return names
    }
}
