import Foundation
import Testing
@testable import MarbleKit

/// Makes the frozen version 5 store (`Tests/Tools/make_store_fixture_v5.sh` runs it with
/// `MARBLE_MAKE_FIXTURE_V5=DIR`; otherwise it does nothing). The `marble` program has no way to
/// paint over a picture yet, so the library makes it, as the program would without libpng:
/// the picture raw, so the tests (which have no PNG decoder) open it from its journal alone.
@Suite("Store: the version 5 fixture's maker")
struct StoreFixtureV5Maker {
    static let folder = ProcessInfo.processInfo.environment["MARBLE_MAKE_FIXTURE_V5"]

    /// Two marbles over a colouring page on a 160×100 canvas: see-through paint (0.5 and 0.3),
    /// opaque paint, an eraser pass wiping back to the page, pens lifted; closed, reopened, an
    /// undo, closed again (a snapshot and an older one).
    @Test(.enabled(if: folder != nil)) func make() throws {
        let root = try #require(Self.folder)
        let store = try DrawingStateStore(root: root, environment: .system)
        var c = PictureStoreSupport.configuration
        c.marbles = 2
        let d = try store.create(configuration: c, title: "Two over a page", board: PictureStoreSupport.board(kind: .page))
        let first = PictureStoreSupport.samples(count: 720), second = PictureStoreSupport.samples(count: 720, phase: 3)
        for (a, b) in zip(first, second) {
            var b = b
            b.tilt = Vec2(-b.tilt.x, b.tilt.y)
            b.opacity = a.opacity == 1 ? 0.6 : 1
            try d.feed([a, b])
            try d.saveIfDue()
        }
        let id = d.id
        try d.close()
        let again = try store.open(id)
        let redo = again.session.report().canvasSHA256
        #expect(try again.undo())
        let r = again.session.report()
        try again.close()
        let expected = "id=\(id)\ntitle=\(again.title)\nsamples=\(r.samples)\nsegments=\(r.segments)\ncanvas_sha256=\(r.canvasSHA256)\nredo_canvas_sha256=\(redo)\n"
        try expected.write(toFile: root + "/expected.txt", atomically: true, encoding: .utf8)
    }
}
