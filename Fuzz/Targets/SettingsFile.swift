import Foundation
@testable import MarbleKit

/// Fuzzes the settings file's decoder (`SettingsFile.decode`).
///
/// Any bytes give settings (with a problem per bad key) or a failure; settings read are usable
/// (a finite sensitivity above 0) and survive being written and read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard case .success(let (settings, _)) = SettingsFile.decode(FuzzInput.bytes(data, size)) else { return 0 }
    guard settings.sensitivity.isFinite, settings.sensitivity > 0 else { FuzzInput.fail("sensitivity \(settings.sensitivity)") }
    guard case .success(let (again, problems)) = SettingsFile.decode(SettingsFile.encode(settings)), problems.isEmpty else {
        FuzzInput.fail("settings written do not read back cleanly")
    }
    if again != settings { FuzzInput.fail("\(settings) reads back as \(again)") }
    return 0
}
