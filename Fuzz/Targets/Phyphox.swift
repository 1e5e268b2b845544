@testable import MarbleKit

/// Fuzzes the phyphox importer: a folder of CSV files (`@@@ NAME` lines between them).
///
/// Any files import or are refused with an `ImportError`; an import gives samples in time order,
/// finite, with tilts no longer than 1 g.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ImportChecks.run(data, size) { (tables, survey) throws(ImportError) in try PhoneImport.Phyphox.importRecording(from: tables, survey: &survey) }
    return 0
}
