import Foundation
import Testing
@testable import MarbleKit

/// `DrawingSession.State` and `Canvas.State`: a session taken apart and made again goes on
/// exactly as the original, and a state no session reaches is refused.
@Suite("Session state")
struct SessionStateTests {
    // MARK: - Helpers

    /// Where a session is stopped to take its state.
    enum Moment: CaseIterable, Sendable {
        /// Part way through a stroke (its layer cells matter), after a clear, an undo and a redo.
        case midStroke
        /// Just after an undo with the pen down: no stroke open, one pending, a step to redo.
        case undoWithPenDown
    }

    static let configuration = SessionConfiguration(canvasWidth: 320, canvasHeight: 200)

    /// A session stopped at `moment`, and the samples that go on from there.
    static func session(at moment: Moment, _ mode: PhysicsMode) throws -> (session: DrawingSession, rest: [Sample]) {
        var configuration = Self.configuration
        configuration.mode = mode
        let s = DrawingSession(configuration: configuration)
        // Pen down for 1.6 s, up for 0.8 s, and so on (see SessionTests.samples).
        let samples = SessionTests.samples(seed: 31, seconds: 6)
        let start = samples[0].t
        var edited = (clear: false, undoRedo: false)
        for (i, x) in samples.enumerated() {
            try s.feed([x])
            let u = x.t - start
            if !edited.clear && u >= 1 {
                #expect(s.clearCanvas())
                edited.clear = true
            }
            if !edited.undoRedo && u >= 2 {
                #expect(s.undo() && s.redo())
                edited.undoRedo = true
            }
            switch moment {
            case .midStroke where u >= 3.2:
                #expect(s.marbles[0].pen.isOpen, "a stroke is open")
                return (s, Array(samples[(i + 1)...]))
            case .undoWithPenDown where u >= 3.2:
                #expect(s.undo())
                #expect(s.marbles[0].strokePending && s.canRedo)
                return (s, Array(samples[(i + 1)...]))
            default:
                continue
            }
        }
        throw SamplesEnded()
    }

    struct SamplesEnded: Error {}

    /// Expects two states equal, without printing megabytes of pixels when they are not.
    static func expectSame(_ a: DrawingSession.State, _ b: DrawingSession.State, _ what: Comment,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let same = a == b
        #expect(same, what, sourceLocation: sourceLocation)
    }

    // MARK: - Round trips

    @Test("A restored session goes on exactly as the original: pixels, ball, strokes and all",
          arguments: Moment.allCases, PhysicsMode.allCases)
    func restoredSessionContinuesExactly(moment: Moment, mode: PhysicsMode) throws {
        let (original, rest) = try Self.session(at: moment, mode)
        let state = original.state
        if moment == .midStroke { #expect(!state.cells[0].isEmpty, "the open stroke's layer is saved") }
        let restored = try DrawingSession(restoring: state)
        Self.expectSame(restored.state, state, "restored as taken")
        #expect(restored.canvas.changes(since: .start) == restored.canvas.bounds, "a restored canvas has changed all over")

        for x in rest {
            try original.feed([x])
            try restored.feed([x])
        }
        #expect(restored.strokes.count > state.strokes.count, "it went on drawing")
        #expect(SessionFingerprint(restored) == SessionFingerprint(original))
        Self.expectSame(restored.state, original.state, "after the same samples")
        // Undo repaints from the strokes: the restored history must give the same picture.
        #expect(original.undo() && restored.undo())
        Self.expectSame(restored.state, original.state, "after an undo")
    }

    @Test("A state written as a snapshot reads back as the same state", arguments: Moment.allCases)
    func snapshotBytesRoundTrip(moment: Moment) throws {
        let (session, _) = try Self.session(at: moment, .real)
        let meta = Snapshot.Meta(journalEnd: 1234, journalCRC: 0xDEAD_BEEF, journalStart: 0, created: 1, modified: 2, title: "round trip")
        let bytes = Snapshot.encode(session.state, meta: meta)
        let (restored, readMeta) = try Snapshot.decode(bytes, path: "snapshot")
        #expect(readMeta == meta)
        Self.expectSame(restored.state, session.state, "read back")
        let again = Snapshot.encode(restored.state, meta: meta) == bytes
        #expect(again, "written again: the same bytes")
    }

    @Test("The frozen v1 snapshot restores, and written again (version 6, one record a marble) reads back the same state")
    func frozenSnapshotReencodes() throws {
        let fixture = try #require(Bundle.module.url(forResource: "store-v1", withExtension: nil, subdirectory: "Fixtures/formats"))
        let id = "20261121-143737-9602"
        let bytes = [UInt8](try Data(contentsOf: fixture.appendingPathComponent("drawings/\(id)/snapshot")))
        #expect(StoreFormat.version(of: bytes) == 1)
        let (session, meta) = try Snapshot.decode(bytes, path: "snapshot")
        let again = Snapshot.encode(session.state, meta: meta)
        #expect(StoreFormat.version(of: again) == StoreFormat.oneMarbleSnapshotVersion)
        let (back, backMeta) = try Snapshot.decode(again, path: "again")
        #expect(backMeta == meta)
        Self.expectSame(back.state, session.state, "version 6 round trip")
    }

    @Test("The open stroke's cells are the same found from its points or from the whole canvas")
    func openStrokeCellsWithoutTheStroke() throws {
        let (s, _) = try Self.session(at: .midStroke, .fake)
        let boxed = s.canvas.openCells(of: s.marbles[0].pen, stroke: s.strokes.last)
        let searched = s.canvas.openCells(of: s.marbles[0].pen, stroke: nil)
        #expect(!boxed.isEmpty)
        let same = boxed == searched
        #expect(same)
    }

    // MARK: - Refusals

    /// One impossible change to a good state.
    struct Defect: Sendable, CustomTestStringConvertible {
        var name: String
        var apply: @Sendable (inout DrawingSession.State) -> Void
        var testDescription: String { name }
    }

    static let defects: [Defect] = [
        Defect(name: "a NaN origin") { $0.clock.origin = .nan },
        Defect(name: "an origin with no input") { $0.marbles[0].input = nil },
        Defect(name: "a negative step count") { $0.clock.steps = -1 },
        Defect(name: "a stale step past the longest drawing") { $0.marbles[0].staleStep = .max },
        Defect(name: "an infinite ball") { $0.marbles[0].ball.position.x = .infinity },
        Defect(name: "a NaN velocity") { $0.marbles[0].ball.velocity.y = .nan },
        Defect(name: "a NaN tilt") { $0.marbles[0].input?.tilt.x = .nan },
        Defect(name: "an input before the origin") { s in
            let origin = s.clock.origin ?? 0
            s.marbles[0].input?.t = origin - 1
        },
        Defect(name: "a negative sample count") { $0.counts.accepted = -1 },
        Defect(name: "a stroke of width 0") { $0.strokes[0].width = 0 },
        Defect(name: "history naming a stroke past the end") { $0.history.append(.stroke($0.strokes.count)) },
        Defect(name: "a redo list naming stroke −1") { $0.undone.append(.stroke(-1)) },
        Defect(name: "an open pen with no stroke") {
            $0.strokes = []; $0.history = []; $0.undone = []
        },
        Defect(name: "a configuration no session takes") { $0.configuration.parameters.penWidth = -1 },
        Defect(name: "a canvas of another size") {
            $0.canvas.width -= 1
            $0.canvas.pixels.removeLast($0.canvas.height * 4)
        },
        Defect(name: "a canvas on other paper") { $0.canvas.background = RGBA8(0, 0, 0) },
        Defect(name: "a picture a byte short") { $0.canvas.pixels.removeLast() },
        Defect(name: "a layer number past 24 bits") { $0.canvas.layersIssued = PixelBuffer.maxLayer + 1 },
        Defect(name: "a NaN pen width") { $0.marbles[0].pen.width = .nan },
        Defect(name: "a negative arc length") { $0.marbles[0].pen.arcLength = -1 },
        Defect(name: "an infinite pen point") { $0.marbles[0].pen.point = Vec2(.infinity, 0) },
        Defect(name: "a layer cell past the canvas") {
            $0.cells[0].append(PixelBuffer.IndexedCell(index: $0.canvas.width * $0.canvas.height, cell: .init()))
        },
    ]

    @Test("Restoring refuses a state no session reaches", arguments: defects)
    func impossibleStatesAreRefused(_ defect: Defect) throws {
        let (s, _) = try Self.session(at: .midStroke, .real)
        var state = s.state
        #expect(throws: Never.self) { _ = try DrawingSession(restoring: state) }
        defect.apply(&state)
        #expect(throws: RestoreError.self) { _ = try DrawingSession(restoring: state) }
    }

    @Test("A snapshot holding a state no session reaches is damage, named as such")
    func impossibleSnapshotIsDamage() throws {
        let (s, _) = try Self.session(at: .midStroke, .real)
        var state = s.state
        state.history.append(.stroke(state.strokes.count + 5))
        let meta = Snapshot.Meta(journalEnd: 16, journalCRC: 0, journalStart: 0, created: 0, modified: 0, title: "")
        let bytes = Snapshot.encode(state, meta: meta)
        #expect(throws: StoreError.damaged(path: "s", detail: "snapshot: history names stroke \(state.strokes.count + 5) of \(state.strokes.count)")) {
            try Snapshot.decode(bytes, path: "s")
        }
    }
}
