/// A machine's way to its class folder: the setup, the password, and the environment's connector.
public struct ClassConnection: Sendable {
    public let setup: ClassSetup
    let password: String?
    let connect: Environment.ClassConnector

    /// The connection of the store at `storeRoot`; nil when no class folder was set, an error
    /// when the setup cannot be read or this program cannot reach such a folder.
    public static func of(storeRoot: String, environment: Environment) throws(ClassProblem) -> ClassConnection? {
        let file = ClassSetupFile(storeRoot: storeRoot, io: environment.io)
        let setup: ClassSetup?
        let password: String?
        do {
            setup = try file.load()
            password = try file.password()
        } catch {
            throw .badAddress(file.folder, why: error.description)
        }
        guard let setup else { return nil }
        guard let connect = environment.connectClass else {
            throw .badAddress(setup.url, why: "this program cannot reach a class folder")
        }
        return ClassConnection(setup: setup, password: password, connect: connect)
    }

    public init(setup: ClassSetup, password: String?, connect: @escaping Environment.ClassConnector) {
        self.setup = setup
        self.password = password
        self.connect = connect
    }

    /// A transport to the class folder; `nickname` names the child on a File drop.
    public func transport(nickname: String? = nil) throws(ClassProblem) -> any ClassTransport {
        let address = try setup.address
        var user = setup.user
        if case .webDAV(_, let linkUser?, _) = address { user = linkUser }
        return try connect(address, ClassCredentials(user: user, password: password, nickname: nickname))
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

    public init(user: String?, password: String?, nickname: String?) {
        self.user = user
        self.password = password
        self.nickname = nickname
    }
}
