import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// The glass: how see-through a player's paint is (100 %, 60 %, 30 %), by key and button; what
/// the samples carry and how the paint looks over what is under it.
@Suite("App see-through paint")
struct AppGlassTests {
    @Test("G steps player 1's paint 100 → 60 → 30 → 100 %, the button shows it, the samples carry it")
    func glassKey() throws {
        let h = try AppHarness()
        h.tap(.n)
        h.tap(.f)
        h.tap(.enter)
        h.frame()
        #expect(h.app.players[0].tool.opacity == 1)
        h.tap(.g)
        #expect(h.app.players[0].tool.opacity == 0.6)
        let glass = h.scene.layers.flatMap(\.buttons).first { $0.action == .nextOpacity(player: 0) }
        #expect(glass?.icon == .glass(0.6) && glass?.key == "G")
        h.hold(.right, frames: 30)
        h.frames(5)
        let session = try #require(h.session)
        #expect(session.marbles[0].input?.opacity == 0.6)
        #expect(session.strokes.last?.ink.alpha == 153)
        h.tap(.g)
        h.tap(.g)
        #expect(h.app.players[0].tool.opacity == 1)
    }

    @Test("A continued drawing goes on with the nearest offered opacity")
    func continuing() {
        let c = SessionConfiguration()
        #expect(PenTool(continuing: Sample(t: 0, tilt: .zero, opacity: 0.32), c).opacity == 0.3)
        #expect(PenTool(continuing: Sample(t: 0, tilt: .zero, opacity: 0.7), c).opacity == 0.6)
        #expect(PenTool(continuing: nil, c).opacity == 1)
    }
}
