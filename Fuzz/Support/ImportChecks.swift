import Foundation
@testable import MarbleKit

/// What every phone import must give, whatever the files held.
enum ImportChecks {
    /// One fuzz run of an importer: the input as a folder of CSV files (`@@@ NAME` lines between
    /// them); the files import and pass `check`, or are refused with an `ImportError`.
    static func run(_ data: UnsafePointer<UInt8>, _ size: Int,
                    importer: ([CSVTable], inout ImportSurvey) throws(ImportError) -> ImportResult?) {
        let tables = FuzzInput.files(FuzzInput.bytes(data, size)).compactMap { CSVTable(path: "fuzz/" + $0.name, bytes: $0.bytes) }
        var survey = ImportSurvey()
        do {
            if let result = try importer(tables, &survey) {
                check(result)
            }
        } catch {
            _ = error.description
        }
    }

    /// Samples in time order, finite, tilts at most 1 g (with rounding), and a log that reads
    /// back from its own text.
    static func check(_ result: ImportResult) {
        var last = -Double.infinity
        for s in result.log.marbles[0] {
            guard s.t.isFinite, s.tilt.isFinite, s.heading.isFinite else { FuzzInput.fail("a sample that is not finite: \(s)") }
            guard s.t >= last else { FuzzInput.fail("time goes back from \(last) to \(s.t)") }
            guard s.tilt.length <= 1 + 1e-9 else { FuzzInput.fail("a tilt longer than 1 g: \(s)") }
            last = s.t
        }
        do {
            _ = try MarbleLog.parse(Data(result.log.text().utf8), path: "imported.csv")
        } catch {
            FuzzInput.fail("the imported log does not read back: \(error)")
        }
    }
}
