import Testing
@testable import MarbleKit

/// Undo's pictures in tiles: the same pixels back, and the tiles a stroke did not touch shared.
@Suite("Tiled pictures")
struct TiledPictureTests {
    @Test("A picture in tiles gives back the canvas's bytes, edge tiles and all")
    func roundTrip() {
        var pen = Canvas.Pen()
        let canvas = Canvas(width: 130, height: 70)
        canvas.beginStroke(at: Vec2(3, 3), color: RGBA8(10, 200, 30), width: 9, pen: &pen)
        canvas.continueStroke(to: Vec2(127, 66), color: RGBA8(10, 200, 30), pen: &pen)
        let picture = TiledPicture(canvas, after: nil)
        #expect(picture.tiles.count == 3 * 2)
        #expect(picture.pixels == canvas.pixelBytes)
        #expect(picture.ownBytes == 130 * 70 * 4)
    }

    @Test("After a small stroke only the tiles it touched are new; the rest share storage")
    func sharesUnchangedTiles() {
        var pen = Canvas.Pen()
        let canvas = Canvas(width: 640, height: 384)
        let first = TiledPicture(canvas, after: nil)
        canvas.beginStroke(at: Vec2(20, 20), color: RGBA8(200, 10, 10), width: 8, pen: &pen)
        canvas.continueStroke(to: Vec2(40, 30), color: RGBA8(200, 10, 10), pen: &pen)
        canvas.endStroke(pen: &pen)
        let second = TiledPicture(canvas, after: first)
        #expect(second.pixels == canvas.pixelBytes)
        #expect(first.pixels != second.pixels)
        // One tile of the 10 × 6 changed.
        #expect(second.ownBytes == 64 * 64 * 4, "\(second.ownBytes)")
        let sameStorage = zip(first.tiles, second.tiles).filter { a, b in
            a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
        }.count
        #expect(sameStorage == 59)
    }
}
