@testable import MarbleClass

/// Fuzzes the WebDAV listing reader (`Multistatus`, on `XMLEvents`): a PROPFIND answer from
/// any server the teacher typed, or from whoever answers in its place.
///
/// Nothing may trap. A listing read gives entries whose names are each one name in a folder
/// (not empty, `.` or `..`, without `/`; a control character is kept, for the pull to name and
/// skip), sizes not negative and 0 for a folder, a tag never empty;
/// asked for the folder of its first href (the matching branch) and for one no href is under
/// (the proxy branch).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let listing = Multistatus(FuzzInput.bytes(data, size)) else { return 0 }
    var folders = ["/class", "/"]
    if let first = listing.items.first { folders.append(WebDAVPath.decodedPath(ofHref: first.href)) }
    for folder in folders {
        for e in listing.entries(inFolder: folder) {
            guard !e.name.isEmpty, e.name != ".", e.name != "..", !e.name.contains("/") else { FuzzInput.fail("a listing of \(folder) names '\(e.name)'") }
            guard e.size >= 0, !e.isFolder || e.size == 0 else { FuzzInput.fail("'\(e.name)' has size \(e.size)") }
            guard !e.tag.isEmpty else { FuzzInput.fail("'\(e.name)' has no tag") }
        }
    }
    return 0
}
