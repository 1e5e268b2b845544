/// Why a class folder did not take or give a file, as data: the message names the folder or
/// file and says plainly what to do.
public enum ClassProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// No answer, a refused or broken connection, a timeout (the server is down or far).
    case unreachable(String, why: String)
    /// 401: the user name or password is wrong (or missing).
    case unauthorized(String)
    /// 403: the server says no to this file or folder.
    case forbidden(String)
    /// 404 or 409 on the class folder itself: no such folder.
    case notFound(String)
    /// 507, or ENOSPC/EDQUOT on a folder: the server is full.
    case full(String)
    /// The address answers but is not a WebDAV folder (no DAV header, or no multistatus).
    case notWebDAV(String)
    /// A plain folder that cannot be written (permissions, read-only mount).
    case notWritable(String, why: String)
    /// A file arrived partly: its size on the server is not what was sent.
    case cut(String, sent: Int, arrived: Int)
    /// A file larger than the limit the reader set.
    case tooLarge(String, limit: Int)
    /// Any other answer: the status and its reason.
    case server(String, status: Int, reason: String)
    /// The address itself cannot be used.
    case badAddress(String, why: String)
    /// No handed-in drawing has this code in the class folder.
    case noSuchCode(String, folder: String)
    /// A password kept on this machine was typed for another address (`keptFor`, an origin):
    /// it is not sent here, and this address needs its own.
    case passwordNeeded(String, keptFor: String)
    /// Basic sign-in over plain http:// to another machine (anyone on the network reads it):
    /// refused before any connection unless the teacher allowed it.
    case plainHTTP(String)
    /// The server's TLS certificate is not trusted (not signed by a known or the given
    /// authority, or not for this name), or the authority file cannot be used.
    case untrusted(String, why: String)
    /// A name in a plain class folder is a symbolic link (`Ben -> Ada`, or out of the share):
    /// never followed, so nothing is filed under another child or kept outside the share.
    case link(String)
    /// A code matches more than one handed-in picture: none is taken, every one is named.
    case ambiguousCode(String, paths: [String])

    /// Whether trying again later may work without the teacher doing anything (a server that
    /// is down or full, a broken connection); a wrong password or a missing folder needs them.
    /// Either way the hand-in waits in the outbox: this only chooses the words.
    public var isPassing: Bool {
        switch self {
        case .unreachable, .full, .cut: return true
        case .server(_, let status, _): return status >= 500
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .unreachable(let at, let why): return "\(at): the class folder does not answer (\(why)); the hand-in waits and is sent when it answers"
        case .unauthorized(let at): return "\(at): the user name or password is wrong (401); set them again with 'marble class set'"
        case .forbidden(let at): return "\(at): the server does not let this machine write here (403)"
        case .notFound(let at): return "\(at): there is no such folder on the server (404)"
        case .full(let at): return "\(at): the server is full (507); the hand-in waits until there is room"
        case .notWebDAV(let at): return "\(at): this address is not a WebDAV folder (no DAV answer); check the address"
        case .notWritable(let at, let why): return "\(at): this folder cannot be written (\(why))"
        case .cut(let at, let sent, let arrived): return "\(at): the file arrived partly (\(arrived) of \(sent) bytes); it is sent again"
        case .tooLarge(let at, let limit): return "\(at): the file is larger than \(limit) bytes; not read"
        case .server(let at, let status, let reason): return "\(at): the server answered \(status) \(reason)"
        case .badAddress(let at, let why): return "\(at): \(why)"
        case .noSuchCode(let code, let folder): return "\(code): no handed-in drawing has this code in the class folder \(folder)"
        case .passwordNeeded(let at, let keptFor):
            return "\(at): a new server: type its password (the one kept here is sent only to \(keptFor))"
        case .plainHTTP(let at):
            return "\(at): the password would cross the network unencrypted over plain http://; use https:// "
                + "(or, on a network you trust, 'marble class set … --allow-plain-http')"
        case .untrusted(let at, let why):
            return "\(at): the server's certificate is not trusted (\(why)); give the school's certificate authority with "
                + "'marble class set … --ca FILE', or check the address"
        case .link(let at): return "\(at): is a link to another place, not a folder or file of the class folder; marble does not follow it; the teacher replaces it with a real folder"
        case .ambiguousCode(let code, let paths): return "\(code): more than one handed-in drawing has this code (\(paths.joined(separator: ", "))); none is taken: ask the teacher which one"
        }
    }
}
