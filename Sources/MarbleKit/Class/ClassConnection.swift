/// A machine's way to its class folder: the setup, the password kept (and the origin it was
/// typed for), the school's certificate authority, and the environment's connector.
public struct ClassConnection: Sendable {
    public let setup: ClassSetup
    let kept: ClassKeptPassword?
    let ca: [UInt8]?
    let connect: Environment.ClassConnector

    /// The connection of the store at `storeRoot`; nil when no class folder was set, an error
    /// when the setup cannot be read or this program cannot reach such a folder.
    public static func of(storeRoot: String, environment: Environment) throws(ClassProblem) -> ClassConnection? {
        let file = ClassSetupFile(storeRoot: storeRoot, io: environment.io)
        let setup: ClassSetup?
        let kept: ClassKeptPassword?
        let ca: [UInt8]?
        do {
            setup = try file.load()
            kept = try file.keptPassword()
            ca = try setup.flatMap { s throws(StoreError) in try file.ca(of: s) }
        } catch {
            throw .badAddress(file.folder, why: error.description)
        }
        guard let setup else { return nil }
        guard let connect = environment.connectClass else {
            throw .badAddress(setup.url, why: "this program cannot reach a class folder")
        }
        return ClassConnection(setup: setup, kept: kept, ca: ca, connect: connect)
    }

    /// A connection whose `password` was typed for this setup's own address.
    public init(setup: ClassSetup, password: String?, ca: [UInt8]? = nil, connect: @escaping Environment.ClassConnector) {
        let origin = try? setup.address.origin
        self.init(setup: setup, kept: password.map { ClassKeptPassword(text: $0, origin: origin) }, ca: ca, connect: connect)
    }

    /// A connection with a password kept for the origin it names (sent there alone).
    public init(setup: ClassSetup, kept: ClassKeptPassword?, ca: [UInt8]?, connect: @escaping Environment.ClassConnector) {
        self.setup = setup
        self.kept = kept
        self.ca = ca
        self.connect = connect
    }

    /// A transport to the class folder; `nickname` names the child on a File drop.
    ///
    /// The password goes only to the origin it was typed for; sign-in over plain http:// to
    /// another machine is refused before any connection unless the setup allows it.
    public func transport(nickname: String? = nil) throws(ClassProblem) -> any ClassTransport {
        let address = try setup.address
        if setup.signsIn(at: address), address.isPlainHTTPOffMachine, !setup.allowsPlainHTTP {
            throw .plainHTTP(address.description)
        }
        var user = setup.user
        if case .webDAV(_, let linkUser?, _) = address { user = linkUser }
        let password = kept?.text(for: address.origin)
        return try connect(address, ClassCredentials(user: user, password: password, nickname: nickname,
                                                     trust: ClassTrust(ca: ca, allowPlainHTTP: setup.allowsPlainHTTP)))
    }

    /// The password a new `setup` signs in with: the one typed; else the one kept, if it was
    /// typed for the same origin; else none. A setup that signs in at a new origin with none
    /// typed is refused before any connection: the kept password is not sent there.
    public static func password(typed: String?, for setup: ClassSetup, kept: ClassKeptPassword?) throws(ClassProblem) -> String? {
        if let typed { return typed }
        guard let kept else { return nil }
        let address = try setup.address
        if let same = kept.text(for: address.origin) { return same }
        if setup.signsIn(at: address) { throw .passwordNeeded(address.description, keptFor: kept.origin ?? "no address") }
        return nil
    }

    /// The folder a child's hand-ins go to: their own, or the class folder itself on a File
    /// drop (the nickname tells them apart there) or when the machine has no names.
    public func folder(for child: String) -> String {
        let isDrop = (try? setup.address.isDrop) ?? false
        return isDrop || child.isEmpty ? "" : ClassNames.folder(for: child)
    }
}

/// Who signs in to a class folder, and as whom a File drop files a child's upload.
public struct ClassCredentials: Equatable, Sendable {
    public var user: String?
    /// Never printed or logged.
    public var password: String?
    public var nickname: String?
    /// Which servers are believed.
    public var trust: ClassTrust

    public init(user: String?, password: String?, nickname: String?, trust: ClassTrust = ClassTrust()) {
        self.user = user
        self.password = password
        self.nickname = nickname
        self.trust = trust
    }
}

/// Which servers a class folder's transport believes: the system's certificate authorities,
/// a school's own, and whether plain http:// to another machine may carry a sign-in.
public struct ClassTrust: Equatable, Sendable {
    /// PEM certificates of the school's own authority, trusted besides the system's; nil: none.
    public var ca: [UInt8]?
    /// Whether the teacher allowed signing in over plain http:// to another machine.
    public var allowPlainHTTP: Bool

    public init(ca: [UInt8]? = nil, allowPlainHTTP: Bool = false) {
        self.ca = ca
        self.allowPlainHTTP = allowPlainHTTP
    }
}
