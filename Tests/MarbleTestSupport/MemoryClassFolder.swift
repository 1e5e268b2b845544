import Foundation
import MarbleKit

/// A class folder in memory, as a transport, for the courier's and the screens' rules: files by
/// path, folders, and failures scripted one call at a time or answered by every call.
///
/// The real servers (Apache mod_dav, lighttpd, a plain folder) are tested in MarbleClassTests and
/// the command's tests; this one lets a test fail the third PUT, lose an answer after writing,
/// or take the server down and bring it back.
public final class MemoryClassFolder: ClassTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]
    private var folders: Set<String> = []
    private var failing: ClassProblem?
    private var _failures: [ClassProblem] = []
    private var _loseAnswerOnce: ClassProblem?
    private var _creates = 0

    public init() {}

    /// Thrown by the next calls, one each, before anything happens.
    public var failures: [ClassProblem] {
        get { lock.withLock { _failures } }
        set { lock.withLock { _failures = newValue } }
    }
    /// Writes the file, then throws this (an answer lost after the server wrote it).
    public var loseAnswerOnce: ClassProblem? {
        get { lock.withLock { _loseAnswerOnce } }
        set { lock.withLock { _loseAnswerOnce = newValue } }
    }
    /// The files it was asked to create, made or already there.
    public var creates: Int { lock.withLock { _creates } }

    /// The paths of the files it has.
    public var paths: [String] { lock.withLock { files.keys.sorted() } }
    /// The file at `path`; nil when there is none.
    public func file(_ path: String) -> [UInt8]? { lock.withLock { files[path] } }
    /// Puts a file there, as another computer would.
    public func put(_ path: String, _ bytes: [UInt8]) { lock.withLock { files[path] = bytes } }
    /// The next `times` calls throw `problem`.
    public func fail(_ problem: ClassProblem, times: Int = 1) { lock.withLock { _failures += Array(repeating: problem, count: times) } }
    /// Every call answers `problem` from now on, after any scripted ones (nil: the folder works again).
    public func fail(with problem: ClassProblem?) { lock.withLock { failing = problem } }

    /// A connector handing out this folder, whatever the address.
    public var connector: Environment.ClassConnector { { _, _ throws(ClassProblem) in self } }

    private func nextFailure() -> ClassProblem? {
        lock.withLock { _failures.isEmpty ? failing : _failures.removeFirst() }
    }

    public func makeFolder(_ path: String) throws(ClassProblem) {
        if let f = nextFailure() { throw f }
        _ = lock.withLock { folders.insert(path) }
    }

    public func create(_ path: String, bytes: [UInt8]) throws(ClassProblem) -> ClassTransportWrite {
        if let f = nextFailure() { throw f }
        let (result, lost): (ClassTransportWrite, ClassProblem?) = lock.withLock {
            _creates += 1
            if files[path] != nil { return (.exists, nil) }
            files[path] = bytes
            defer { _loseAnswerOnce = nil }
            return (.created, _loseAnswerOnce)
        }
        if let lost { throw lost }
        return result
    }

    public func list(_ path: String) throws(ClassProblem) -> [ClassEntry] {
        if let f = nextFailure() { throw f }
        return lock.withLock {
            let prefix = path.isEmpty ? "" : path + "/"
            var out: [ClassEntry] = []
            for f in folders where !f.isEmpty && f.hasPrefix(prefix) && !f.dropFirst(prefix.count).contains("/") {
                out.append(ClassEntry(name: String(f.dropFirst(prefix.count)), isFolder: true, size: 0, tag: ""))
            }
            for (p, b) in files where p.hasPrefix(prefix) && !p.dropFirst(prefix.count).contains("/") {
                out.append(ClassEntry(name: String(p.dropFirst(prefix.count)), isFolder: false, size: b.count, tag: "\(b.count)"))
            }
            return out.sorted { $0.name < $1.name }
        }
    }

    public func read(_ path: String, limit: Int) throws(ClassProblem) -> [UInt8] {
        if let f = nextFailure() { throw f }
        guard let b = file(path) else { throw .notFound(path) }
        guard b.count <= limit else { throw .tooLarge(path, limit: limit) }
        return b
    }

    public func check() throws(ClassProblem) {
        if let f = nextFailure() { throw f }
    }
}

extension ClassConnection {
    /// A connection to `folder`, with these names.
    public static func memory(_ folder: MemoryClassFolder, names: [String] = [], url: String = "/mnt/class") throws -> ClassConnection {
        ClassConnection(setup: try ClassSetup(url: url, names: names), password: nil, connect: { _, _ in folder })
    }
}
