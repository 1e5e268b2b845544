import Foundation

/// Hand-ins kept durably in the store until the class folder has them.
///
/// On disk, in the store's folder:
///
///     ROOT/outbox/CODE/ID-CODE.png     the files, each written atomically and durably
///     ROOT/outbox/CODE/entry.json      the `HandIn`, written last: it is what makes a hand-in
///     ROOT/outbox/lock                 held by whoever is sending (the window or the command)
///
/// A folder without its entry (a power cut while handing in) is not a hand-in, and the child
/// was never told it was done; it is removed the next time one is added (after a minute).
public final class Outbox: Sendable {
    public let folder: String
    let environment: Environment

    public init(storeRoot: String, environment: Environment) {
        folder = storeRoot + "/outbox"
        self.environment = environment
    }

    func entryPath(_ code: String) -> String { folder + "/" + code + "/entry.json" }
    func filePath(_ code: String, _ name: String) -> String { folder + "/" + code + "/" + name }

    /// Hands in a drawing: writes its files and then its entry, durably, before returning (only
    /// then may the button say done). `files` are (extension, bytes), the picture first.
    public func add(drawing: String, title: String, child: String, folder remote: String,
                    files: [(ext: String, bytes: [UInt8])]) throws(StoreError) -> HandIn {
        try Files.makeFolder(folder)
        removeUnfinished()
        let taken = Set(Files.list(folder))
        var code = DrawingCode.random()
        while taken.contains(code.text) { code = DrawingCode.random() }
        let dir = folder + "/" + code.text
        try Files.makeFolder(dir)
        var made: [HandIn.File] = []
        for f in files {
            let name = "\(drawing)-\(code.text).\(f.ext)"
            do { try AtomicFile.write(f.bytes, to: dir + "/" + name, mode: 0o600, io: environment.io) } catch {
                Files.removeTree(dir)
                throw error.storeError
            }
            made.append(HandIn.File(name: name, remote: name, size: f.bytes.count, sent: false))
        }
        let handIn = HandIn(code: code, drawing: drawing, title: title, child: child, folder: remote,
                            created: environment.clock(), files: made)
        do { try save(handIn) } catch {
            Files.removeTree(dir)
            throw error
        }
        Files.syncFolder(folder)
        return handIn
    }

    /// Every hand-in, oldest first, and a note for each entry that cannot be read.
    public func entries() -> (handIns: [HandIn], notes: [String]) {
        var out: [HandIn] = []
        var notes: [String] = []
        for name in Files.list(folder) where DrawingCode(name)?.text == name {
            let path = entryPath(name)
            guard let bytes = try? Files.read(path, io: environment.io) else { continue }
            do throws(StoreError) {
                out.append(try Self.readEntry(bytes, code: name, path: path))
            } catch {
                let why = switch error { case .damaged(_, let detail): detail; default: "\(error)" }
                notes.append("\(path): this hand-in's entry cannot be read (\(why)); it is left as it is")
            }
        }
        return (out.sorted { ($0.created, $0.code) < ($1.created, $1.code) }, notes)
    }

    /// The hand-in of `code`, if there is one.
    public func handIn(_ code: String) -> HandIn? {
        guard let bytes = try? Files.read(entryPath(code), io: environment.io) else { return nil }
        return try? Self.readEntry(bytes, code: code, path: entryPath(code))
    }

    /// A file's bytes as they were handed in.
    public func bytes(of file: HandIn.File, in handIn: HandIn) throws(StoreError) -> [UInt8] {
        guard let bytes = try Files.read(filePath(handIn.code, file.name), io: environment.io) else {
            throw .damaged(path: filePath(handIn.code, file.name), detail: "this handed-in file is missing from the outbox")
        }
        return bytes
    }

    /// Writes a hand-in's entry again (after a try), atomically and durably.
    func save(_ handIn: HandIn) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes: [UInt8]
        do { bytes = Array(try encoder.encode(handIn)) } catch { throw .damaged(path: entryPath(handIn.code), detail: "\(error)") }
        do { try AtomicFile.write(bytes, to: entryPath(handIn.code), mode: 0o600, io: environment.io) } catch { throw error.storeError }
    }

    /// Runs `body` holding the outbox's lock, so that one sender at a time tries (the window
    /// and `marble class send` may run together); false when another holds it.
    public func whileSending(_ body: () -> Void) -> Bool {
        do throws(StoreError) { try Files.makeFolder(folder) } catch { return false }
        let fd = POSIX.open(folder + "/lock", .readWrite, [.create, .noFollow], mode: 0o600)
        guard fd >= 0 else { return false }
        defer { POSIX.close(fd) }
        guard POSIX.tryLock(fd) else { return false }
        body()
        return true
    }

    /// Removes hand-in folders that never got their entry (a cut while handing in); one made
    /// in the last minute may be another process's hand-in under way, and stays.
    private func removeUnfinished() {
        for name in Files.list(folder) where DrawingCode(name)?.text == name && !Files.exists(entryPath(name)) {
            let path = folder + "/" + name
            if let st = POSIX.status(path), Double(st.modified.seconds) < environment.clock() - 60 { Files.removeTree(path) }
        }
    }
}
