import Foundation
import MarbleApp
import MarbleKit
import Synchronization
import Testing

/// A class folder in memory, as a transport: files by path, folders, and a problem it can be
/// told to answer every call with (the server down, a wrong password, full).
final class MemoryClassFolder: ClassTransport, Sendable {
    private let files = Mutex<[String: [UInt8]]>([:])
    private let folders = Mutex<Set<String>>([])
    private let failing = Mutex<ClassProblem?>(nil)

    /// Every call answers `problem` from now on (nil: the folder works again).
    func fail(with problem: ClassProblem?) { failing.withLock { $0 = problem } }

    /// The paths of the files it has.
    var paths: [String] { files.withLock { Array($0.keys).sorted() } }

    func bytes(_ path: String) -> [UInt8]? { files.withLock { $0[path] } }

    /// A connector handing out this folder, whatever the address.
    var connector: Environment.ClassConnector { { _, _ throws(ClassProblem) in self } }

    func makeFolder(_ path: String) throws(ClassProblem) {
        try check()
        _ = folders.withLock { $0.insert(path) }
    }

    func create(_ path: String, bytes: [UInt8]) throws(ClassProblem) -> ClassTransportWrite {
        try check()
        return files.withLock { f in
            if f[path] != nil { return .exists }
            f[path] = bytes
            return .created
        }
    }

    func list(_ path: String) throws(ClassProblem) -> [ClassEntry] {
        try check()
        let prefix = path.isEmpty ? "" : path + "/"
        var out: [ClassEntry] = []
        for f in folders.withLock({ $0 }) where !path.isEmpty ? false : !f.contains("/") {
            out.append(ClassEntry(name: f, isFolder: true, size: 0, tag: ""))
        }
        for (p, b) in files.withLock({ $0 }) where p.hasPrefix(prefix) && !p.dropFirst(prefix.count).contains("/") {
            out.append(ClassEntry(name: String(p.dropFirst(prefix.count)), isFolder: false, size: b.count, tag: "\(b.count)"))
        }
        return out.sorted { $0.name < $1.name }
    }

    func read(_ path: String, limit: Int) throws(ClassProblem) -> [UInt8] {
        try check()
        guard let b = bytes(path) else { throw .notFound(path) }
        guard b.count <= limit else { throw .tooLarge(path, limit: limit) }
        return b
    }

    /// Answers the problem it was told to, if any.
    func check() throws(ClassProblem) {
        if let p = failing.withLock({ $0 }) { throw p }
    }
}
