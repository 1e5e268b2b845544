import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// The eraser and the brushes in the window: keys, pad and buttons, what the samples carry,
/// what the ball shows, undo of an eraser pass, and the big-buttons setting.
@Suite("App eraser and brushes")
struct AppToolsTests {
    /// A new easy drawing, a stroke to the right.
    static func stroke(_ h: AppHarness) throws -> [UInt8] {
        h.tap(.n)
        h.tap(.f)
        h.tap(.enter)
        h.frame()
        h.hold(.right, frames: 40)
        h.frames(20)
        return try #require(h.app.canvas).pixelBytes
    }

    @Test("X turns the eraser on: rolling back over the trail erases it; Z brings it back exactly")
    func eraser() throws {
        let h = try AppHarness()
        let painted = try Self.stroke(h)
        let blank = Canvas(width: try #require(h.session).canvas.width, height: try #require(h.session).canvas.height,
                           background: try #require(h.session).configuration.background).pixelBytes
        h.tap(.x)
        #expect(h.app.players[0].tool.erase)
        h.tap(.three)   // fat: wider than the trail, so one pass takes it all
        // Switching tools at rest closes the stroke (its last short piece) and starts nothing.
        let closed = try #require(h.app.canvas).pixelBytes
        #expect(differingBytes(closed, painted) < 2_000)
        #expect(try #require(h.session).strokes.count == 1)
        h.hold(.left, frames: 40)
        h.frames(30)
        let session = try #require(h.session)
        #expect(session.marbles[0].erasing && session.marbles[0].input?.erase == true)
        // The ball shows the eraser.
        #expect(h.scene.layers[0].elements.contains { if case .eraserBall = $0 { return true } else { return false } })
        let after = try #require(h.app.canvas).pixelBytes
        #expect(differingBytes(after, blank) < differingBytes(painted, blank) / 10, "most of the trail is erased")
        // The eraser pass is one undo step.
        h.tap(.z)
        #expect(differingBytes(try #require(h.app.canvas).pixelBytes, closed) == 0)
        h.tap(.x)
        #expect(!h.app.players[0].tool.erase)
    }

    @Test("1, 2, 3 and the dot buttons choose the width; 3 draws fat and the journal keeps it")
    func brushes() throws {
        let h = try AppHarness()
        h.tap(.n)
        h.tap(.f)
        h.tap(.enter)
        h.frame()
        let c = try #require(h.session).configuration
        let own = c.parameters.penWidth
        #expect(h.scene.buttons.first { $0.action == .chooseBrush(.normal, player: 0) }?.selected == true)
        h.tap(.three)
        h.hold(.right, frames: 20)
        #expect(try #require(h.session).marbles[0].penWidth(c) == (own * 2.5).rounded())
        #expect(try #require(h.session).strokes.last?.width == (own * 2.5).rounded())
        let thin = try #require(h.scene.buttons.first { $0.action == .chooseBrush(.thin, player: 0) })
        h.frame(.pointerDown(thin.rect.center), .pointerUp(thin.rect.center))
        h.hold(.down, frames: 20)
        #expect(try #require(h.session).marbles[0].penWidth(c) == (own * 0.4).rounded())
        #expect(h.scene.buttons.first { $0.action == .chooseBrush(.thin, player: 0) }?.selected == true)
        // The pad: north toggles the eraser, D-pad up and down step the width.
        h.padTap(.north)
        #expect(h.app.players[0].tool.erase)
        h.padTap(.dpadUp)
        #expect(h.app.players[0].tool.brush == .normal)
        // Done, then the drawing reopens with the same pen, from its journal.
        let id = try #require(h.app.drawing?.id)
        h.hold(.right, frames: 5)
        h.tap(.enter)
        h.tap(.h)
        let again = try AppHarness(temp: h.temp)
        again.app.openDrawing(id)
        #expect(again.app.players[0].tool == PenTool(erase: true, brush: .normal))
        let samples = try again.store.inputLog(of: id).marbles[0]
        #expect(samples.contains { $0.width == (own * 2.5).rounded() } && samples.contains { $0.erase })
    }

    @Test("Big buttons (B in settings) makes every button larger, kept in the settings")
    func bigButtons() throws {
        let kept = KeptSettings()
        let h = try AppHarness(temp: TempStore(settings: kept))
        let small = h.scene.buttons.map(\.rect)
        h.tap(.s)
        h.tap(.b)
        #expect(kept.value.bigButtons)
        h.tap(.escape)
        let big = h.scene.buttons.map(\.rect)
        #expect(big.count == small.count)
        for (a, b) in zip(small, big) { #expect(b.w > a.w * 1.05 && b.h > a.h * 1.05, "\(a) → \(b)") }
        // Never into a neighbour.
        for i in big.indices {
            for j in big.indices where i < j {
                let (a, b) = (big[i], big[j])
                #expect(!(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h), "\(a) overlaps \(b)")
            }
        }
    }
}
