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

    /// The password kept, nil when none is; its text only (never printed).
    public func password() throws(StoreError) -> String? {
        try keptPassword()?.text
    }

    /// The password kept and the origin it was typed for, nil when none is kept.
    ///
    /// `class/password` holds `marble-class-password 1`, `origin ORIGIN` and the password, a
    /// line each. A file of one line (kept before origins were written) holds the password
    /// alone: it was typed for the address saved with it, so it is bound to that setup's
    /// origin (and to none when no setup can be read: then it is never sent).
    public func keptPassword() throws(StoreError) -> ClassKeptPassword? {
        guard let bytes = try Files.read(passwordPath, io: io) else { return nil }
        // By bytes: Swift takes "\r\n" as one Character.
        let lines = bytes.split(separator: 10, maxSplits: 2, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard lines.first == Self.passwordHeader else {
            var text = String(decoding: bytes, as: UTF8.self)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            let origin = ((try? load()) ?? nil).flatMap { try? $0.address.origin }
            return ClassKeptPassword(text: text, origin: origin)
        }
        // Never the file's text in the message: it holds the password.
        guard lines.count == 3, lines[1].hasPrefix("origin "), !lines[1].dropFirst(7).isEmpty, lines[2].utf8.last == 10 else {
            throw .damaged(path: passwordPath, detail: "the kept password's file is not one marble wrote; set it again with 'marble class set … --password-file FILE'")
        }
        return ClassKeptPassword(text: String(decoding: lines[2].utf8.dropLast(), as: UTF8.self), origin: String(lines[1].dropFirst(7)))
    }

    static let passwordHeader = "marble-class-password 1"

    /// Saves the setup (0600), atomically and durably.
    public func save(_ setup: ClassSetup) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes: [UInt8]
        do { bytes = Array(try encoder.encode(setup)) + [10] } catch { throw .damaged(path: setupPath, detail: "\(error)") }
        do { try AtomicFile.write(bytes, to: setupPath, mode: 0o600, io: io, makingFolders: true) } catch { throw error.storeError }
    }

    /// Keeps the password in a file only this user can read (0600), bound to `origin` (a
    /// `ClassAddress.origin`: it is sent nowhere else); nil removes it.
    public func savePassword(_ password: String?, for origin: String) throws(StoreError) {
        guard let password else {
            POSIX.unlink(passwordPath)
            Files.syncFolder(folder)
            return
        }
        let bytes = Array("\(Self.passwordHeader)\norigin \(origin)\n\(password)\n".utf8)
        do { try AtomicFile.write(bytes, to: passwordPath, mode: 0o600, io: io, makingFolders: true) } catch { throw error.storeError }
    }

    /// The most a certificate authority's file may hold (a chain of a few certificates is some kB).
    public static let caLimit = 256 << 10

    /// Checks that `bytes` (read from `source`) are PEM certificates a TLS library can load:
    /// an error naming `source` when they are not.
    public static func checkCA(_ bytes: [UInt8], source: String) throws(ClassProblem) {
        guard bytes.count <= caLimit else {
            throw .untrusted(source, why: "the certificate authority's file is larger than \(caLimit >> 10) KB")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("-----BEGIN CERTIFICATE-----"), text.contains("-----END CERTIFICATE-----") else {
            throw .untrusted(source, why: "this file holds no PEM certificate (-----BEGIN CERTIFICATE-----); give the authority's certificate, not its key")
        }
    }

    /// Keeps a certificate authority's PEM in `class/`, named by its contents' hash (a new
    /// one never replaces the file a saved setup names); its name for `ClassSetup.ca`.
    public func saveCA(_ pem: [UInt8]) throws(StoreError) -> String {
        let name = "ca-" + SHA256.hex(pem).prefix(16) + ".pem"
        do { try AtomicFile.write(pem, to: folder + "/" + name, mode: 0o644, io: io, makingFolders: true) } catch { throw error.storeError }
        return name
    }

    /// The certificate authority `setup` names, nil when it names none; an error naming the
    /// file when it is gone or not one marble kept.
    public func ca(of setup: ClassSetup) throws(StoreError) -> [UInt8]? {
        guard let name = setup.ca else { return nil }
        let path = folder + "/" + name
        guard ClassNames.isSafe(name), name.hasPrefix("ca-"), name.hasSuffix(".pem") else {
            throw .damaged(path: setupPath, detail: "the certificate authority '\(name)' is not a file of the class folder's; set it again with 'marble class set … --ca FILE'")
        }
        guard let bytes = try Files.read(path, io: io) else {
            throw .damaged(path: path, detail: "the school's certificate authority is missing; set it again with 'marble class set … --ca FILE'")
        }
        guard "ca-" + SHA256.hex(bytes).prefix(16) + ".pem" == name else {
            throw .damaged(path: path, detail: "the school's certificate authority was changed since it was set; set it again with 'marble class set … --ca FILE'")
        }
        return bytes
    }

    /// Removes the certificate authorities kept but not named by `setup` (after it is saved).
    public func removeOtherCAs(than setup: ClassSetup) {
        for name in Files.list(folder) where name.hasPrefix("ca-") && name.hasSuffix(".pem") && name != setup.ca {
            POSIX.unlink(folder + "/" + name)
        }
    }
}

/// A password kept on this machine and the origin it was typed for: it is sent there alone.
public struct ClassKeptPassword: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Never printed or logged.
    public let text: String
    /// `scheme://host:port`; nil when it cannot be known (then it is sent nowhere).
    public let origin: String?

    public init(text: String, origin: String?) {
        self.text = text
        self.origin = origin
    }

    /// The password if it was typed for `origin`, else nil.
    public func text(for origin: String) -> String? { self.origin == origin ? text : nil }

    public var description: String { "a password kept for \(origin ?? "no address")" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["origin": origin as Any]) }
}
