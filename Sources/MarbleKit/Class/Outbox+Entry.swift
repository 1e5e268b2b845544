import Foundation

extension Outbox {
    /// A hand-in's entry (`CODE/entry.json`) read from its bytes: the `HandIn`, or why it is not
    /// one the outbox could have written.
    ///
    /// The entry says which files of the outbox go where on the server, so it is checked before
    /// anything follows it: its code is its folder's, each file's name is one name inside that
    /// folder (else the courier would send any file of the machine, the class password's
    /// included, `../../class/password`), each name on the server and the folder are paths
    /// inside the class folder (else every round ended at it and no hand-in went), sizes are
    /// not negative, and the try count is one that can still be counted up. The fuzz target
    /// `Fuzz/Targets/OutboxEntry.swift` reads any bytes through here.
    static func readEntry(_ bytes: [UInt8], code: String, path: String) throws(StoreError) -> HandIn {
        let handIn: HandIn
        do { handIn = try JSONDecoder().decode(HandIn.self, from: Data(bytes)) } catch {
            throw .damaged(path: path, detail: "\(error)")
        }
        func bad(_ why: String) -> StoreError { .damaged(path: path, detail: why) }
        guard handIn.code == code, DrawingCode(code)?.text == code else { throw bad("its code '\(handIn.code)' is not its folder's, '\(code)'") }
        guard handIn.folder.isEmpty || Self.isRemotePath(handIn.folder) else { throw bad("its folder '\(handIn.folder)' is not a path inside the class folder") }
        for file in handIn.files {
            guard Self.isName(file.name) else { throw bad("the file name '\(file.name)' is not a name inside the outbox") }
            guard Self.isName(file.remote) else { throw bad("the server name '\(file.remote)' is not a name in the class folder") }
            guard file.size >= 0 else { throw bad("'\(file.name)' has a size of \(file.size)") }
        }
        // The courier counts every try (`tries += 1`): a count near Int.max would trap it.
        guard (0...1_000_000_000).contains(handIn.tries) else { throw bad("it counts \(handIn.tries) tries") }
        guard handIn.created.isFinite, handIn.nextTry.isFinite, handIn.sentAt?.isFinite ?? true else { throw bad("a time is not a number") }
        return handIn
    }

    /// Whether `name` is one file name: not empty, `.` or `..`, without `/` or a control character.
    static func isName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.unicodeScalars.contains { $0 == "/" || $0.value < 32 || $0.value == 127 }
    }

    /// Whether `path` is names joined by `/` (a folder inside the class folder).
    static func isRemotePath(_ path: String) -> Bool {
        path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { isName(String($0)) }
    }
}
