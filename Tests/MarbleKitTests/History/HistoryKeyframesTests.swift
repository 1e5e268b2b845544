import Foundation
import Testing
@testable import MarbleKit

/// Watch's keyframes: a player that jumps to one and plays on shows exactly what playing from
/// the blank canvas shows, at every moment, backwards and forwards, within the memory budget.
@Suite("History: keyframes for seeking")
struct HistoryKeyframesTests {
    /// The edited drawing's history (undo, redo, clear and an undone clear in it).
    static func history(_ scratch: StoreScratch) throws -> DrawingHistory {
        let (d, _) = try HistoryPlayerTests.edited(scratch)
        try d.close()
        return try scratch.store().history(of: d.id)
    }

    /// Moments through the drawing, in an order that seeks back and forth, then past the end.
    static func moments(_ h: DrawingHistory) -> [Double] {
        [0.9, 0.1, 0.55, 0.3, 1.0, 0.7, 0.02, 0.99, 0.45].map { h.startTime + h.span * $0 } + [.infinity]
    }

    /// The picture and the report playing from the blank canvas to `t` gives.
    static func fresh(_ h: DrawingHistory, _ t: Double) -> ([UInt8], String) {
        let p = HistoryPlayer(h)
        p.play(until: t)
        return (p.canvas.pixelBytes, "\(p.drawing.report())")
    }

    @Test("Seeking through keyframes gives the picture and report of playing from the blank canvas, every time",
          arguments: [25, 200, 100_000])
    func exact(spacing: Int) throws {
        let scratch = try StoreScratch()
        let h = try Self.history(scratch)
        let keyframes = HistoryKeyframes(h, scratchFolder: scratch.root, spacing: spacing)
        keyframes.waitUntilReady()
        if spacing == 25 { #expect(keyframes.count > 3, "\(keyframes.count) keyframes") }
        let player = HistoryPlayer(h)
        for t in Self.moments(h) {
            player.seek(to: t, using: keyframes)
            let (pixels, report) = Self.fresh(h, t)
            #expect(player.canvas.pixelBytes == pixels, "at \(t) s")
            #expect("\(player.drawing.report())" == report, "at \(t) s")
            #expect(player.failure == nil)
        }
        // On from a seek, playing forwards goes on exactly too.
        player.seek(to: h.startTime + h.span * 0.25, using: keyframes)
        player.play(until: h.startTime + h.span * 0.8)
        #expect(player.canvas.pixelBytes == Self.fresh(h, h.startTime + h.span * 0.8).0)
    }

    @Test("Past the file's budget every other keyframe goes and the file is written again; seeking stays exact")
    func budget() throws {
        let scratch = try StoreScratch()
        let h = try Self.history(scratch)
        let all = HistoryKeyframes(h, scratchFolder: scratch.root, spacing: 25)
        all.waitUntilReady()
        let budget = all.bytes / 3
        let few = HistoryKeyframes(h, scratchFolder: scratch.root, budget: budget, spacing: 25)
        few.waitUntilReady()
        #expect(few.count < all.count && few.count >= 1, "\(few.count) of \(all.count)")
        #expect(few.bytes <= budget || few.count == 1, "\(few.bytes) bytes for a budget of \(budget)")
        let player = HistoryPlayer(h)
        for t in Self.moments(h) {
            player.seek(to: t, using: few)
            #expect(player.canvas.pixelBytes == Self.fresh(h, t).0, "at \(t) s")
        }
    }

    @Test("The scratch file is gone from the folder as soon as it is made; where none can be made, seeks are exact from the start")
    func scratchFile() throws {
        let scratch = try StoreScratch()
        let h = try Self.history(scratch)
        let before = try FileManager.default.contentsOfDirectory(atPath: scratch.root)
        let keyframes = HistoryKeyframes(h, scratchFolder: scratch.root, spacing: 25)
        keyframes.waitUntilReady()
        #expect(keyframes.count > 3 && keyframes.bytes > 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.root) == before, "no file left in the store's folder")
        let nowhere = HistoryKeyframes(h, scratchFolder: scratch.root + "/missing", spacing: 25)
        nowhere.waitUntilReady()
        #expect(nowhere.count == 0 && nowhere.bytes == 0)
        let player = HistoryPlayer(h)
        for t in Self.moments(h) {
            player.seek(to: t, using: nowhere)
            #expect(player.canvas.pixelBytes == Self.fresh(h, t).0, "at \(t) s")
        }
    }

    @Test("Without keyframes a seek back starts from the blank canvas, and a budget leaves it part-way, still right so far")
    func withoutKeyframes() throws {
        let scratch = try StoreScratch()
        let h = try Self.history(scratch)
        let player = HistoryPlayer(h)
        player.seek(to: h.endTime, using: nil)
        player.seek(to: h.startTime + h.span / 2, using: nil, budget: 10)
        #expect(player.time <= h.startTime + h.span / 2)
        player.seek(to: h.startTime + h.span / 2, using: nil)
        #expect(player.canvas.pixelBytes == Self.fresh(h, h.startTime + h.span / 2).0)
    }
}
