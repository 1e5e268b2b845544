import Foundation

/// Paths in this repository, for tests that read shipped files.
enum Repository {
    /// The repository's root folder.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // MarbleKitTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()

    /// A file in `Replays/`.
    static func replay(_ name: String) -> String {
        root.appendingPathComponent("Replays").appendingPathComponent(name).path
    }
}
