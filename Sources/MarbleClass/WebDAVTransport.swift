import MarbleKit

/// A class folder on a WebDAV server (Nextcloud, ownCloud, Apache mod_dav, a NAS), over libcurl.
///
/// Every call makes its own libcurl handle, so one transport serves any number of threads at
/// once (the outbox sends several children's drawings side by side); nothing is shared but
/// constants. Nothing is ever written over: a file is created with `If-None-Match: *`.
public final class WebDAVTransport: ClassTransport {
    /// `scheme://host[:port]`, without a path.
    let origin: String
    /// The class folder's path parts from the server's root, decoded (`["remote.php", "dav", …]`).
    let baseParts: [String]
    let login: WebDAVLogin?
    /// A File drop's child's name, sent as `X-NC-Nickname` (percent-encoded).
    let nickname: String?
    let isDrop: Bool
    /// The school's certificate authority, if any, and whether plain http:// may carry a sign-in.
    let trust: ClassTrust
    /// How many seconds one claim on a name (`WebDAVTransport+Claim`) may be held while a
    /// create waits for it, before it is taken for a crashed machine's and broken.
    let claimPatience: Double

    /// A transport for `address`, which must be `.webDAV`.
    ///
    /// - Parameters:
    ///   - user: the user name; for a File drop the link's token is used when none is given.
    ///   - password: the password (a File drop's, if it has one); never shown or logged.
    ///   - nickname: for a File drop, the child's name, under which Nextcloud files the upload.
    ///   - trust: a school's own certificate authority (https:// checks the server's
    ///     certificate and name always), and whether plain http:// to another machine may
    ///     carry the sign-in (refused here, before any connection, unless allowed).
    public convenience init(_ address: ClassAddress, user: String? = nil, password: String? = nil, nickname: String? = nil,
                            trust: ClassTrust = ClassTrust()) throws(ClassProblem) {
        try self.init(address, user: user, password: password, nickname: nickname, trust: trust, claimPatience: 10)
    }

    /// A transport as `init(_:user:password:nickname:trust:)`, waiting `claimPatience` seconds
    /// at most for another creator's claim (the tests wait less).
    init(_ address: ClassAddress, user: String?, password: String?, nickname: String?, trust: ClassTrust = ClassTrust(),
         claimPatience: Double) throws(ClassProblem) {
        guard case .webDAV(let url, let linkUser, let isDrop) = address else {
            throw .badAddress(address.description, why: "a plain folder is reached with FolderTransport, not WebDAV")
        }
        if user ?? linkUser != nil, address.isPlainHTTPOffMachine, !trust.allowPlainHTTP { throw .plainHTTP(url) }
        self.trust = trust
        guard let schemeEnd = url.range(of: "://") else { throw .badAddress(url, why: "the address has no http:// or https://") }
        let afterScheme = url[schemeEnd.upperBound...]
        let pathStart = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        origin = String(url[..<pathStart])
        // A path typed with spaces and one copied from a browser (%20) mean the same folder:
        // both are decoded here and encoded once per request.
        baseParts = url[pathStart...].split(separator: "/").map { WebDAVPath.decode(String($0)) }
        let who = user ?? linkUser
        login = who.map { WebDAVLogin(user: $0, password: ClassSecret(text: password ?? "")) }
        self.nickname = nickname
        self.isDrop = isDrop
        self.claimPatience = claimPatience
    }

    public func makeFolder(_ path: String) throws(ClassProblem) {
        let parts = try WebDAVPath.parts(path, at: place(path))
        guard !parts.isEmpty else { return }
        let answer = try send("MKCOL", parts, folder: true)
        // 405: something is there already, which for MKCOL is the folder we want.
        guard answer.status == 201 || answer.status == 200 || answer.status == 204 || answer.status == 405 else {
            throw problem(answer, path)
        }
    }

    public func create(_ path: String, bytes: [UInt8]) throws(ClassProblem) -> ClassTransportWrite {
        let parts = try WebDAVPath.parts(path, at: place(path))
        guard !parts.isEmpty else { throw .badAddress(place(path), why: "a file needs a name") }
        // A File drop shows nothing of itself (no listing, no MOVE) and never writes over a
        // file (Nextcloud renames a second one): one PUT, and its 201 is all there is to go on.
        if isDrop { return try put(parts, bytes, as: path) }
        // Apache checks If-None-Match when a PUT starts and renames the file in place when it
        // ends, so two PUTs of one name at once can both win. The file is therefore put under
        // a name of its own, checked whole, then moved with `Overwrite: F`; no half file is
        // ever seen under the real name. That MOVE's check and rename are still a moment apart
        // on Apache, so it is made holding a claim on the name (a folder beside it, made by
        // MKCOL: `WebDAVTransport+Claim`): creators of one name move one after another, and all but
        // the first meet its file (412, `.exists`). The claim is taken after the upload, so it
        // is held for the MOVE alone; a server that refuses the claim moves unclaimed.
        var random = SystemRandomNumberGenerator()
        let temp = Array(parts.dropLast()) + [".marble-tmp-" + String(random.next() as UInt64, radix: 36)]
        guard try put(temp, bytes, as: path) == .created else {
            throw .server(place(path), status: 412, reason: "a temporary name was taken")
        }
        do throws(ClassProblem) {
            let arrived = try size(of: temp)
            if let arrived, arrived != bytes.count { throw ClassProblem.cut(place(path), sent: bytes.count, arrived: arrived) }
            let claim = try self.claim(parts, as: path)
            defer { if let claim { release(claim) } }
            let moved = try send("MOVE", temp, headers: ["Destination: " + url(parts, folder: false), "Overwrite: F"])
            switch moved.status {
            case 201, 204: return .created
            case 412:
                _ = try? send("DELETE", temp)
                return .exists
            default: throw problem(moved, path)
            }
        } catch {
            _ = try? send("DELETE", temp)
            throw error
        }
    }

    /// One PUT that never writes over a file: `.created`, or `.exists` (412).
    private func put(_ parts: [String], _ bytes: [UInt8], as path: String) throws(ClassProblem) -> ClassTransportWrite {
        var headers = ["If-None-Match: *", "Content-Type: application/octet-stream"]
        if let nickname, !nickname.isEmpty { headers.append("X-NC-Nickname: " + WebDAVPath.encode(nickname)) }
        let answer = try send("PUT", parts, headers: headers, body: bytes)
        switch answer.status {
        case 412: return .exists
        case 200, 201, 204: break
        default: throw problem(answer, path)
        }
        guard answer.uploaded == bytes.count else { throw .cut(place(path), sent: bytes.count, arrived: answer.uploaded) }
        return .created
    }

    public func list(_ path: String) throws(ClassProblem) -> [ClassEntry] {
        let parts = try WebDAVPath.parts(path, at: place(path))
        let answer = try propfind(parts, depth: 1, path: path)
        guard let listing = Multistatus(answer.body) else { throw .notWebDAV(place(path)) }
        // Marble's own names (a file on its way, a claim, a probe) are not the class's entries:
        // a pull that listed a claim as a child's folder would find it gone a moment later.
        return listing.entries(inFolder: "/" + (baseParts + parts).joined(separator: "/")).filter { !$0.name.hasPrefix(".marble-") }
    }

    public func read(_ path: String, limit: Int) throws(ClassProblem) -> [UInt8] {
        let parts = try WebDAVPath.parts(path, at: place(path))
        guard !parts.isEmpty else { throw .badAddress(place(path), why: "a file needs a name") }
        let answer = try send("GET", parts, limit: max(0, limit))
        guard answer.status == 200 else { throw problem(answer, path) }
        return answer.body
    }

    public func check() throws(ClassProblem) {
        do {
            _ = try propfind([], depth: 0, path: "")
        } catch .forbidden where isDrop {
            // A File drop may refuse to describe itself and still take files: the probe decides.
        }
        var random = SystemRandomNumberGenerator()
        let probe = ".marble-probe-" + String(random.next() as UInt64, radix: 36)
        switch try create(probe, bytes: Array("marble checks that it may hand in here\n".utf8)) {
        case .created, .exists: break
        }
        // A server that takes files but not their removal is still a class folder (the
        // children never remove anything); a File drop never allows it.
        _ = try? send("DELETE", [probe])
    }
}
