import Foundation
@testable import MarbleKit

/// The store whose index file each run writes and reads (in the temporary folder).
let store = try! DrawingStateStore(root: FuzzInput.scratchFolder("index"), environment: .system)

/// Fuzzes the gallery's index decoder (`DrawingStateStore.readIndex`).
///
/// Each input is tried as it is and with its closing checksum put right (so the entry decoder
/// sees mutated entries). Any bytes give entries with valid ids or a problem; entries read
/// are written back and read again unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = FuzzInput.bytes(data, size)
    read(bytes)
    if bytes.count >= 4 {
        FuzzInput.patch(&bytes, CRC32.checksum(Array(bytes[..<(bytes.count - 4)])), at: bytes.count - 4)
        read(bytes)
    }
    return 0
}

func read(_ bytes: [UInt8]) {
    guard FileManager.default.createFile(atPath: store.indexPath, contents: Data(bytes)) else {
        FuzzInput.fail("cannot write \(store.indexPath)")
    }
    guard case .success(let entries) = store.readIndex() else { return }
    for e in entries where !DrawingStateStore.isValidID(e.id) { FuzzInput.fail("an entry with the id \(e.id)") }
    store.writeIndex(entries)
    guard case .success(let again) = store.readIndex() else { FuzzInput.fail("an index written from entries does not read") }
    guard again.count == entries.count else { FuzzInput.fail("\(entries.count) entries written, \(again.count) read") }
}
