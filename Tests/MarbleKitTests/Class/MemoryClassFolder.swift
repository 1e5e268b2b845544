import Foundation
import MarbleKit

/// A class folder in memory, for the courier's rules: files by path, and scripted failures.
///
/// The real servers (Apache mod_dav, a plain folder) are tested in MarbleClassTests and the
/// command's tests; this one lets a test fail the third PUT or lose an answer after writing.
final class MemoryClassFolder: ClassTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]
    private var folders: Set<String> = [""]
    /// Thrown by the next calls, one each, before anything happens.
    var failures: [ClassProblem] = []
    /// Writes the file, then throws this (an answer lost after the server wrote it).
    var loseAnswerOnce: ClassProblem?
    private(set) var creates = 0

    var paths: [String] { lock.withLock { files.keys.sorted() } }
    func file(_ path: String) -> [UInt8]? { lock.withLock { files[path] } }
    func put(_ path: String, _ bytes: [UInt8]) { lock.withLock { files[path] = bytes } }
    func fail(_ problem: ClassProblem, times: Int = 1) { lock.withLock { failures += Array(repeating: problem, count: times) } }

    private func nextFailure() -> ClassProblem? {
        lock.withLock { failures.isEmpty ? nil : failures.removeFirst() }
    }

    func makeFolder(_ path: String) throws(ClassProblem) {
        if let f = nextFailure() { throw f }
        _ = lock.withLock { folders.insert(path) }
    }

    func create(_ path: String, bytes: [UInt8]) throws(ClassProblem) -> ClassTransportWrite {
        if let f = nextFailure() { throw f }
        let (result, lost): (ClassTransportWrite, ClassProblem?) = lock.withLock {
            creates += 1
            if files[path] != nil { return (.exists, nil) }
            files[path] = bytes
            defer { loseAnswerOnce = nil }
            return (.created, loseAnswerOnce)
        }
        if let lost { throw lost }
        return result
    }

    func list(_ path: String) throws(ClassProblem) -> [ClassEntry] {
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

    func read(_ path: String, limit: Int) throws(ClassProblem) -> [UInt8] {
        if let f = nextFailure() { throw f }
        guard let b = lock.withLock({ files[path] }) else { throw .server(path, status: 404, reason: "Not Found") }
        guard b.count <= limit else { throw .tooLarge(path, limit: limit) }
        return b
    }

    func check() throws(ClassProblem) {
        if let f = nextFailure() { throw f }
    }
}

extension ClassConnection {
    /// A connection to `folder`, with these names.
    static func memory(_ folder: MemoryClassFolder, names: [String] = [], url: String = "/mnt/class") throws -> ClassConnection {
        ClassConnection(setup: try ClassSetup(url: url, names: names), password: nil, connect: { _, _ in folder })
    }
}
