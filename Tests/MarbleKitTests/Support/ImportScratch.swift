import Foundation
@testable import MarbleKit

/// Small helpers shared by the import tests (their folders of files are `TempFolder`s).
protocol ImportScratch {}

extension ImportScratch {
    /// The error `importLog` throws for `paths`, or nil when it succeeds.
    static func error(_ paths: [String]) -> ImportError? {
        do {
            _ = try PhoneImport.importLog(paths: paths, io: .system)
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
