/// A class folder as the outbox and the teacher's pull reach it: a WebDAV folder or a plain one.
///
/// Paths are relative to the class folder, `/`-separated, never starting with `/` (`"Ada"`,
/// `"Ada/20261127-101500-a3f9-K7QX2M.png"`); each part is a name `ClassNames.isSafe` allows.
/// Every call is blocking and bounded in time (a server that does not answer is given up on
/// within seconds): callers run it off the frame loop. Errors are `ClassProblem` values.
public protocol ClassTransport: Sendable {
    /// Makes the folder `path` (one level) when it is not there yet; one already there is fine.
    func makeFolder(_ path: String) throws(ClassProblem)

    /// Writes `bytes` as the file `path`, never over anything already there: `.created` when
    /// it was written, `.exists` when a file of that name was already there (nothing changed).
    func create(_ path: String, bytes: [UInt8]) throws(ClassProblem) -> ClassTransportWrite

    /// What is in the folder `path` (`""` for the class folder itself): names, folders, sizes.
    func list(_ path: String) throws(ClassProblem) -> [ClassEntry]

    /// The whole file `path`, at most `limit` bytes (a larger one is refused).
    func read(_ path: String, limit: Int) throws(ClassProblem) -> [UInt8]

    /// Checks once that the class folder answers and takes a file: writes a small probe file
    /// and removes it. Used by `marble class set`.
    func check() throws(ClassProblem)
}

/// What `ClassTransport.create` did.
public enum ClassTransportWrite: Equatable, Sendable {
    case created
    case exists
}

/// One name in a class folder's listing.
public struct ClassEntry: Equatable, Sendable {
    public var name: String
    public var isFolder: Bool
    /// The file's size in bytes (0 for a folder).
    public var size: Int
    /// A tag that changes when the file does (WebDAV's ETag, or size and time on a folder).
    public var tag: String
    /// A symbolic link (a plain folder's `Ben -> Ada`): never followed, neither a folder nor a
    /// file to read; a pull names it and skips it.
    public var isLink: Bool

    public init(name: String, isFolder: Bool, size: Int, tag: String, isLink: Bool = false) {
        self.name = name
        self.isFolder = isFolder
        self.size = size
        self.tag = tag
        self.isLink = isLink
    }
}
