import Foundation
@testable import MarbleKit

/// Fuzzes the phyphox importer: a folder of CSV files (`@@@ NAME` lines between them).
///
/// Any files import or are refused with an `ImportError`; an import gives samples in time order,
/// finite, with tilts no longer than 1 g.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let tables = FuzzInput.files(FuzzInput.bytes(data, size)).compactMap { CSVTable(path: "fuzz/" + $0.name, bytes: $0.bytes) }
    var survey = ImportSurvey()
    do {
        if let result = try PhoneImport.Phyphox.importRecording(from: tables, survey: &survey) {
            ImportChecks.check(result)
        }
    } catch {
        _ = error.description
    }
    return 0
}
