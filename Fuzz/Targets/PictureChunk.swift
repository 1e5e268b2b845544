import Foundation
@testable import MarbleKit

/// Fuzzes the PNG chunk reader behind `marble open` (`PictureChunk.extractRecovering`).
///
/// Any bytes give a drawing (perhaps with damage named) or a problem. A drawing embedded in a
/// picture that takes it comes back out unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let png = FuzzInput.bytes(data, size)
    _ = try? PictureChunk.extractRecovering(from: png)
    _ = try? PictureChunk.extract(from: png)
    let drawing = Array(png.prefix(64))
    if let carrying = try? PictureChunk.embed(drawing, in: png) {
        do {
            let found = try PictureChunk.extractRecovering(from: carrying)
            // The first chunk found is read: a picture that already carried one gives that.
            if found.damage == nil, (try? PictureChunk.extract(from: png)) == nil, found.drawing != drawing {
                FuzzInput.fail("embedded \(drawing.count) bytes, got back \(found.drawing.count) different ones")
            }
        } catch {
            FuzzInput.fail("a picture a drawing was embedded in does not give it back: \(error)")
        }
    }
    return 0
}
