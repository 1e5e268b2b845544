import Foundation

/// Reads and writes a machine's `ClassSetup` and password in the store's `class/` folder.
public struct ClassSetupFile: Sendable {
    /// The `class/` folder inside the store's root.
    public let folder: String
    let io: FileIO

    public init(storeRoot: String, io: FileIO) {
        folder = storeRoot + "/class"
        self.io = io
    }

    var setupPath: String { folder + "/setup.json" }
    var passwordPath: String { folder + "/password" }

    /// The setup, nil when none was made; a damaged file is an error naming it.
    public func load() throws(StoreError) -> ClassSetup? {
        guard let bytes = try Files.read(setupPath, io: io) else { return nil }
        do {
            return try JSONDecoder().decode(ClassSetup.self, from: Data(bytes))
        } catch {
            throw .damaged(path: setupPath, detail: "the class setup cannot be read (\(error)); set it again with 'marble class set'")
        }
    }

    /// The password, nil when none is kept.
    public func password() throws(StoreError) -> String? {
        guard let bytes = try Files.read(passwordPath, io: io) else { return nil }
        var text = String(decoding: bytes, as: UTF8.self)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    /// Saves the setup (0600), atomically and durably.
    public func save(_ setup: ClassSetup) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes: [UInt8]
        do { bytes = Array(try encoder.encode(setup)) + [10] } catch { throw .damaged(path: setupPath, detail: "\(error)") }
        do { try AtomicFile.write(bytes, to: setupPath, mode: 0o600, io: io, makingFolders: true) } catch { throw error.storeError }
    }

    /// Keeps the password in a file only this user can read (0600); nil removes it.
    public func savePassword(_ password: String?) throws(StoreError) {
        guard let password else {
            POSIX.unlink(passwordPath)
            Files.syncFolder(folder)
            return
        }
        do { try AtomicFile.write(Array(password.utf8), to: passwordPath, mode: 0o600, io: io, makingFolders: true) } catch { throw error.storeError }
    }
}
