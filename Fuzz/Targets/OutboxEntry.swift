import Foundation
@testable import MarbleKit

/// Fuzzes the outbox's entry reader (`Outbox.readEntry`, each hand-in's `CODE/entry.json`):
/// a file on the machine's disk that a power cut, a full disk or a hand edit may have changed.
///
/// Any bytes give a hand-in or a `.damaged` problem naming the entry. A hand-in read is one the
/// outbox could have written: its code its folder's, file names inside the outbox and server
/// names and folder inside the class folder, sizes not negative; the courier's steps on it
/// (a failed try, a rename on the server, delivery) never trap; it is written and read back
/// unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let code = "K7QX9M"  // the seeds' code (Fuzz/make_seeds.py)
    var handIn: HandIn
    do {
        handIn = try Outbox.readEntry(FuzzInput.bytes(data, size), code: code, path: "outbox/\(code)/entry.json")
    } catch {
        guard case .damaged(let path, _) = error, path == "outbox/\(code)/entry.json" else { FuzzInput.fail("a problem that does not name the entry: \(error)") }
        return 0
    }
    guard handIn.code == code else { FuzzInput.fail("the code \(handIn.code) read") }
    guard handIn.folder.isEmpty || Outbox.isRemotePath(handIn.folder) else { FuzzInput.fail("the folder '\(handIn.folder)' read") }
    for f in handIn.files {
        guard Outbox.isName(f.name), Outbox.isName(f.remote), f.size >= 0 else { FuzzInput.fail("the file \(f) read") }
        _ = handIn.remotePath(f)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let bytes = try? encoder.encode(handIn) else { FuzzInput.fail("a hand-in read does not encode") }
    guard let again = try? Outbox.readEntry(Array(bytes), code: code, path: "entry.json") else { FuzzInput.fail("a hand-in written does not read back") }
    guard again == handIn else { FuzzInput.fail("\(handIn) reads back as \(again)") }
    // What the courier does to an entry: none of it may trap (a try count counted up, a name
    // made for the server).
    if let first = handIn.files.first {
        handIn.renameOnServer(first.name, 20)
        guard Outbox.isName(handIn.files[0].remote) else { FuzzInput.fail("renamed to '\(handIn.files[0].remote)'") }
        handIn.fileArrived(first.name)
    }
    handIn.failed(.server("x", status: 500, reason: "fuzz"), at: 1e9)
    handIn.delivered(at: 1e9)
    return 0
}
