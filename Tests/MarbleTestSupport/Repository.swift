import Foundation

/// Paths in this repository, for tests that read shipped files.
public enum Repository {
    /// The repository's root folder.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // MarbleTestSupport
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()

    /// A file in `Replays/`.
    public static func replay(_ name: String) -> String {
        root.appendingPathComponent("Replays").appendingPathComponent(name).path
    }
}
