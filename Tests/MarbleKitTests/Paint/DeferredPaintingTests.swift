import Foundation
import Testing
@testable import MarbleKit

/// Queued pieces painted later on two threads, each its own bands of rows, paint exactly what
/// painting each piece at once on one thread paints, and note exactly the same changes.
@Suite("Canvas: deferred, band-parallel painting")
struct DeferredPaintingTests {
    static let w = 200, h = 120

    /// A canvas on `board` (nil: none); `immediate` paints every piece as it comes.
    static func canvas(_ board: Board?, immediate: Bool) -> Canvas {
        let c = Canvas(width: w, height: h, background: .paper, board: board)
        if immediate { c.pieces.timing = .immediate }
        return c
    }

    static func board(_ kind: Board.Kind?) -> Board? {
        kind.map(ColouringPageTests.page)
    }

    /// A random walk of four pens: strokes of every width and ink, begun anywhere (often at
    /// the canvas's left and right edges, where a row's last pixels meet the next row's
    /// first), some steps far off the canvas. `visit` is called after every piece.
    static func walk(seed: UInt64, pieces: Int, on canvases: [Canvas], visit: (Int) -> Void = { _ in }) {
        var rng = SplitMix64(seed: seed)
        let (w, h) = (canvases[0].width, canvases[0].height)
        var pens = Array(repeating: Array(repeating: Canvas.Pen(), count: 4), count: canvases.count)
        var at = Array(repeating: Vec2(0, 0), count: 4)
        let widths = [1.0, 1.5, 4, 16, 16, 16, 40]
        let inks = [Ink.opaque, .opaque, Ink(alpha: 128), Ink(alpha: 255, wipes: true)]
        let colors = [RGBA8(200, 30, 30), RGBA8(20, 24, 60), RGBA8(30, 160, 90), RGBA8(250, 200, 0)]
        for n in 0..<pieces {
            let k = Int.random(in: 0..<4, using: &rng)
            let color = colors[(k + n / 97) % colors.count]
            if !pens[0][k].isOpen {
                let edge = Double.random(in: 0..<1, using: &rng)
                let x = edge < 0.25 ? Double.random(in: 0..<4, using: &rng)
                    : edge < 0.5 ? Double(w) - Double.random(in: 0..<4, using: &rng) : Double.random(in: 0...Double(w), using: &rng)
                at[k] = Vec2(x, Double.random(in: 0...Double(h), using: &rng))
                let width = widths.randomElement(using: &rng)!, ink = inks.randomElement(using: &rng)!
                for (c, canvas) in canvases.enumerated() {
                    canvas.beginStroke(at: at[k], color: color, width: width, ink: ink, pen: &pens[c][k])
                }
            } else if Int.random(in: 0..<300, using: &rng) == 0 {
                for (c, canvas) in canvases.enumerated() { canvas.endStroke(pen: &pens[c][k]) }
            } else {
                let far = Int.random(in: 0..<500, using: &rng) == 0
                let step = far ? Vec2(Double.random(in: -300...300, using: &rng), Double.random(in: -300...300, using: &rng))
                    : Vec2(Double.random(in: -2.5...2.5, using: &rng), Double.random(in: -2.5...2.5, using: &rng))
                at[k] = at[k] + step
                for (c, canvas) in canvases.enumerated() { canvas.continueStroke(to: at[k], color: color, pen: &pens[c][k]) }
            }
            visit(n)
        }
    }

    /// What a reader sees of the change log: the revision, and the area and areas changed
    /// since each of the 70 revisions before it (the log keeps 64 changes).
    static func changes(_ c: Canvas) -> [[PixelRect]] {
        let r = c.revision.value
        return [[PixelRect(x: Int(r), y: 0, width: 0, height: 0)]] + (UInt64(1)...70).flatMap { k in
            let seen = Canvas.Revision(value: r >= k ? r - k : 0)
            return [c.changes(since: seen).map { [$0] } ?? [], c.changedAreas(since: seen, limit: 100)]
        }
    }

    @Test("A long walk of four pens paints the same pixels and notes the same changes, deferred as at once",
          arguments: [nil, Board.Kind.photo, .page])
    func sameAsImmediate(kind: Board.Kind?) {
        let serial = Self.canvas(Self.board(kind), immediate: true)
        let deferred = Self.canvas(Self.board(kind), immediate: false)
        Self.walk(seed: 0xBA2D, pieces: 20_000, on: [serial, deferred]) { n in
            // Now and then, a look: most pieces are painted in full queues, on two threads.
            guard n % 9_000 == 8_999 else { return }
            #expect(deferred.changes(since: .start) == serial.changes(since: .start))
        }
        #expect(deferred.pixelBytes == serial.pixelBytes)
        #expect(Self.changes(deferred) == Self.changes(serial))
        #expect(deferred.buffer.keysEqual(serial.buffer), "the layer planes too")
    }

    @Test("Canvases a few pixels wide, where a four-pixel store spans rows, paint the same deferred as at once",
          arguments: [1, 2, 3, 5])
    func narrow(width: Int) {
        let serial = Canvas(width: width, height: 260), deferred = Canvas(width: width, height: 260)
        serial.pieces.timing = .immediate
        Self.walk(seed: UInt64(width), pieces: 9_000, on: [serial, deferred]) { n in
            // Some reads after hundreds of pieces: those are painted on two threads by bands.
            if n % 1_000 == 999 { _ = deferred.revision }
        }
        #expect(deferred.pixelBytes == serial.pixelBytes)
        #expect(Self.changes(deferred) == Self.changes(serial))
        #expect(deferred.buffer.keysEqual(serial.buffer))
    }

    @Test("A read in the middle of strokes sees every piece painted so far", arguments: [nil, Board.Kind.page])
    func readsMidStroke(kind: Board.Kind?) {
        let serial = Self.canvas(Self.board(kind), immediate: true)
        let deferred = Self.canvas(Self.board(kind), immediate: false)
        var rng = SplitMix64(seed: 0x1D)
        var next = 0
        Self.walk(seed: 0x51DE, pieces: 16_000, on: [serial, deferred]) { n in
            guard n == next else { return }
            // Reads after one to 700 pieces (some queues painted inline, some on two threads
            // by bands), now and then after thousands (full queues painted on another thread).
            next += Int.random(in: 0..<6, using: &rng) == 0 ? Int.random(in: 4_000...9_000, using: &rng)
                : Int.random(in: 1...700, using: &rng)
            let (x, y) = (Int.random(in: 0..<Self.w, using: &rng), Int.random(in: 0..<Self.h, using: &rng))
            switch n % 4 {
            case 0: #expect(deferred.pixel(x: x, y: y) == serial.pixel(x: x, y: y))
            case 1: #expect(deferred.revision == serial.revision)
            case 2: #expect(deferred.inkStatistics() == serial.inkStatistics())
            default: #expect(deferred.pixelBytes == serial.pixelBytes)
            }
        }
        #expect(deferred.pixelBytes == serial.pixelBytes)
        #expect(Self.changes(deferred) == Self.changes(serial))
    }

    @Test("Pieces queued and not read are painted before a clear, and a restored picture is not painted over")
    func clearAndRestorePaintTheQueueFirst() {
        let serial = Self.canvas(nil, immediate: true)
        let deferred = Self.canvas(nil, immediate: false)
        Self.walk(seed: 3, pieces: 500, on: [serial, deferred])
        let picture = serial.pixelBytes
        Self.walk(seed: 4, pieces: 500, on: [serial, deferred])
        deferred.restorePicture(picture)
        serial.restorePicture(picture)
        #expect(deferred.pixelBytes == picture)
        #expect(Self.changes(deferred) == Self.changes(serial))
        Self.walk(seed: 5, pieces: 500, on: [serial, deferred])
        deferred.clear()
        serial.clear()
        #expect(deferred.pixelBytes == serial.pixelBytes)
        #expect(Self.changes(deferred) == Self.changes(serial))
    }

    @Test("A canvas dropped while a full queue is painting on another thread gives back clean planes")
    func droppedWhilePainting() {
        let memory = CanvasMemory(limit: 1)
        let fresh = Canvas(width: Self.w, height: Self.h, background: .paper)
        for seed in 0..<12 as Range<UInt64> {
            do {
                let canvas = Canvas(width: Self.w, height: Self.h, background: .paper, memory: memory)
                // One full queue and a little: the full one is painting when the canvas goes.
                Self.walk(seed: seed, pieces: PieceQueue.capacity + 10, on: [canvas])
            }
            let again = Canvas(width: Self.w, height: Self.h, background: .paper, memory: memory)
            #expect(again.buffer.keysEqual(fresh.buffer) && again.pixelBytes == fresh.pixelBytes)
        }
    }

    @Test("On an idle thread full queues are painted on that thread, not sent to another; elsewhere sent")
    func idleThreadPaintsAlone() {
        final class Outcome: @unchecked Sendable { var same = false, flying = false }
        for idle in [true, false] {
            let outcome = Outcome(), done = DispatchSemaphore(value: 0)
            // A thread of its own: a pool's thread made idle would stay idle.
            Thread {
                if idle { POSIX.makeThisThreadIdle() }
                let serial = Self.canvas(nil, immediate: true), deferred = Self.canvas(nil, immediate: false)
                Self.walk(seed: 9, pieces: 2 * PieceQueue.capacity, on: [serial, deferred])
                outcome.flying = deferred.pieces.isFlying
                outcome.same = deferred.pixelBytes == serial.pixelBytes && Self.changes(deferred) == Self.changes(serial)
                done.signal()
            }.start()
            done.wait()
            #expect(outcome.same)
            #expect(outcome.flying == !idle)
        }
    }
}

extension PixelBuffer {
    /// Whether every layer cell equals `other`'s.
    func keysEqual(_ other: PixelBuffer) -> Bool {
        (0..<count).allSatisfy { bases[$0] == other.bases[$0] && keys[$0] == other.keys[$0] && stamps[$0] == other.stamps[$0] }
    }
}
