import Foundation
import MarbleTestSupport
import Testing

/// The shape of the house, checked on the source tree itself, so that it stays as
/// ARCHITECTURE.md says: rooms stay small (the map is `ArchitectureMapTests`'s), the store is honestly
/// Sendable, and only the front end touches the file system on its own.
@Suite("House rules")
struct HouseRulesTests {
    static let sources = Repository.root.appendingPathComponent("Sources").path

    /// Every folder under `Sources/`, relative to it (`MarbleKit/Store`).
    static func folders() -> [String] {
        let fm = FileManager.default
        var out: [String] = []
        for case let relative as String in fm.enumerator(atPath: sources)! {
            var isFolder: ObjCBool = false
            if fm.fileExists(atPath: sources + "/" + relative, isDirectory: &isFolder), isFolder.boolValue { out.append(relative) }
        }
        return out.sorted()
    }

    /// Every Swift file under `folder` of `Sources/`, with its text.
    static func swiftFiles(under folder: String = "") -> [(path: String, text: String)] {
        let base = folder.isEmpty ? sources : sources + "/" + folder
        let fm = FileManager.default
        return (fm.enumerator(atPath: base)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }
            .sorted()
            .compactMap { name in (try? String(contentsOfFile: base + "/" + name, encoding: .utf8)).map { (name, $0) } }
    }

    @Test("no source file is over 300 lines")
    func filesAreSmall() {
        for file in Self.swiftFiles() {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 300, "Sources/\(file.path) has \(lines) lines")
        }
    }

    @Test("the store is Sendable without @unchecked")
    func storeIsHonestlySendable() {
        for file in Self.swiftFiles(under: "MarbleKit/Store") where file.text.contains("@unchecked Sendable") {
            Issue.record("MarbleKit/Store/\(file.path) uses @unchecked Sendable")
        }
    }

    @Test("the core and the app reach files only through the store's Files and AtomicFile")
    func noFileManager() {
        for target in ["MarbleKit", "MarbleApp"] {
            for file in Self.swiftFiles(under: target) where file.text.contains("FileManager") {
                Issue.record("\(target)/\(file.path) uses FileManager")
            }
        }
    }

    @Test("marble prints only through TerminalText (no raw Swift.print, FileHandle or stdout writes)")
    func everyLineIsTerminalSafe() {
        for file in Self.swiftFiles(under: "marble") where file.path != "Output/TerminalText.swift" && file.path != "Output/Exit.swift" {
            for banned in ["Swift.print(", "FileHandle.standardOutput", "FileHandle.standardError", "POSIX.standardOutput", "POSIX.standardError", "fputs(", "writeError("]
            where file.text.contains(banned) {
                // The progress bar writes its own "\r" and line clear, its label made safe first.
                if banned == "writeError(" && file.path == "Output/ProgressBar.swift" { continue }
                if banned == "POSIX.standardError" && file.path == "Output/ProgressBar.swift" { continue }
                Issue.record("marble/\(file.path) uses \(banned): print through print, printError or printOutput")
            }
        }
    }
}
