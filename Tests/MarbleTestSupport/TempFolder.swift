import Foundation

/// A fresh, empty folder of a test's own in the system's temporary folder, removed with
/// everything in it when the last reference to it goes.
///
/// Tests run in parallel: each makes its own, so no two share a file, and none leaves
/// anything behind. Hold it (not just its path) for as long as the files are used.
open class TempFolder {
    /// The folder's absolute path.
    public let path: String

    /// Makes `marble-LABEL-UUID` in the temporary folder, holding `files` (name → UTF-8 text).
    ///
    /// The label only tells a leftover folder's owner, should a crashed test leave one.
    public init(_ label: String, files: [String: String] = [:]) throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("marble-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try write(text, to: name) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` in the folder; `name` may go down folders (`drawings/ID/journal`).
    ///
    /// An absolute path is returned as it is, so helpers take either.
    public func path(_ name: String) -> String {
        name.hasPrefix("/") ? name : path + "/" + name
    }

    /// Writes `bytes` to `name` (replacing what is there); returns the file's path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes `text` as UTF-8 to `name`; returns the file's path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        try write(Array(text.utf8), to: name)
    }

    /// The bytes of `name`; empty when it cannot be read.
    public func bytes(_ name: String) -> [UInt8] {
        FileManager.default.contents(atPath: path(name)).map { [UInt8]($0) } ?? []
    }
}
