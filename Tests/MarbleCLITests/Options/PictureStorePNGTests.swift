import Foundation
import MarbleKit
import MarblePNG
import MarbleTestSupport
import Testing

/// A drawing over a picture kept with the program's own PNG coder (libpng), as `marble` keeps it.
@Suite("Store: a picture under the paint kept as PNG by libpng")
struct PictureStorePNGTests {
    @Test("Kept as PNG (the journal far smaller than the raw picture), it reopens from the journal alone to the same canvas")
    func keptAsPNG() throws {
        let folder = try TempFolder("picture-png")
        let environment = Environment(
            clock: Environment.systemClock, monotonic: Environment.system.monotonic, io: .system,
            encodePicture: { p, w, h in try PNGImage.encode(rgba: p, width: w, height: h) },
            decodePicture: { bytes in
                let image = try PNGImage.decode(bytes)
                return (image.rgba, image.width, image.height)
            })
        let store = try DrawingStateStore(root: folder.path("store"), environment: environment)
        let configuration = SessionConfiguration(canvasWidth: 320, canvasHeight: 200)
        var picture: [UInt8] = []
        for y in 0..<90 { for x in 0..<120 { picture += [UInt8(x * 2), UInt8(y * 2), UInt8((x + y) % 256), 255] } }
        let board = try #require(Board.fitting(picture, width: 120, height: 90, canvasWidth: 320, canvasHeight: 200,
                                               background: configuration.background, kind: .photo))
        let d = try store.create(configuration: configuration, board: board)
        for i in 0..<300 {
            try d.feed([Sample(t: Double(i) / 60, tilt: Vec2(0.6, i < 150 ? 0.3 : -0.4), heading: Double(i), opacity: i < 200 ? 0.5 : 1)])
        }
        let id = d.id, hash = d.session.report().canvasSHA256
        try d.close()
        let drawing = folder.path("store/drawings/\(id)")
        let journal = try FileManager.default.attributesOfItem(atPath: drawing + "/journal")[.size] as? Int ?? 0
        #expect(journal > 0 && journal < 320 * 200 * 4 / 2, "\(journal) bytes")
        for name in ["snapshot", "snapshot.1"] { try? FileManager.default.removeItem(atPath: drawing + "/" + name) }
        let again = try store.open(id)
        #expect(again.recoveryNotes.isEmpty)
        #expect(again.session.report().canvasSHA256 == hash)
        #expect(again.session.canvas.board == board)
        try again.close()
    }
}
