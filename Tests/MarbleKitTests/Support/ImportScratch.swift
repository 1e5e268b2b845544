import Foundation
@testable import MarbleKit

/// Scratch folders and small helpers shared by the import tests.
protocol ImportScratch {}

extension ImportScratch {
    /// A new empty folder holding `files` (name → contents); removed by `cleanUp`.
    static func folder(_ files: [String: String]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("marble-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
        return url.path
    }

    static func cleanUp(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The error `importLog` throws for `paths`, or nil when it succeeds.
    static func error(_ paths: [String]) -> ImportError? {
        do {
            _ = try PhoneImport.importLog(paths: paths)
            return nil
        } catch {
            return error
        }
    }

    /// The distance between two headings along the shorter arc, in degrees.
    static func arc(_ a: Double, _ b: Double) -> Double {
        let d = HeadingColor.normalized(a - b)
        return min(d, 360 - d)
    }
}
