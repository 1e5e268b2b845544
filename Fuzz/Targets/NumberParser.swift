@testable import MarbleKit

/// Fuzzes `NumberParser`: any bytes give a number or nil, and the same answer as `Double(String)`.
///
/// The parser promises to read numbers exactly as the standard library does (bit for bit, NaN
/// for NaN), only faster; a difference is a wrong sample in someone's drawing, so it traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let raw = UnsafeBufferPointer(start: data, count: size)
    let fast = NumberParser.parse(raw)
    var lo = 0, hi = size
    while lo < hi, raw[lo] == 0x20 || raw[lo] == 0x09 { lo += 1 }
    while hi > lo, raw[hi - 1] == 0x20 || raw[hi - 1] == 0x09 { hi -= 1 }
    let slow = lo < hi ? Double(String(decoding: UnsafeBufferPointer(rebasing: raw[lo..<hi]), as: UTF8.self)) : nil
    switch (fast, slow) {
    case (nil, nil): break
    case let (f?, s?) where f.bitPattern == s.bitPattern || (f.isNaN && s.isNaN): break
    default: fatalError("NumberParser read \(String(describing: fast)), Double(String) reads \(String(describing: slow))")
    }
    return 0
}
