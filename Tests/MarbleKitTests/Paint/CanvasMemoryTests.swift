import Foundation
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// A pool's planes, handed from canvas to canvas, paint exactly what fresh pages paint.
@Suite("Canvas memory pool")
struct CanvasMemoryTests {
    static func replay(_ name: String, memory: CanvasMemory?) throws -> String {
        let read = try MarbleLog.read(contentsOf: Repository.replay(name), io: .system)
        let session = try DrawingSession.replaying(read.log, configuration: SessionConfiguration(setup: read.log.setup.setup), memory: memory)
        return session.report().canvasSHA256
    }

    @Test("Every shipped log, one after another through one pool (and back round), replays to its recorded hash")
    func reusedPlanesPaintTheSame() throws {
        let memory = CanvasMemory(limit: 1)
        let names = ReplayRegressionTests.expected.keys.sorted()
        #expect(names.count >= 4)
        // Twice round: the second pass gets planes another log painted, with its layer cells.
        for name in names + names {
            #expect(try Self.replay(name, memory: memory) == ReplayRegressionTests.expected[name], "\(name)")
        }
    }

    @Test("A pool's planes come back cleared: a canvas from it is the background, with no layer cell left")
    func handedBackCleared() throws {
        var pen = Canvas.Pen()
        let memory = CanvasMemory(limit: 1)
        do {
            let canvas = Canvas(width: 64, height: 48, background: .paper, memory: memory)
            canvas.beginStroke(at: Vec2(10, 10), color: RGBA8(200, 10, 10, 255), width: 12, pen: &pen)
            canvas.continueStroke(to: Vec2(50, 30), color: RGBA8(200, 10, 10, 255), pen: &pen)
            #expect(canvas.pixel(x: 30, y: 20) != .paper)
            let b = canvas.buffer
            #expect((0..<b.count).contains { b.keys[$0] != 0 }, "the stroke left layer cells to clear")
        }
        let again = Canvas(width: 64, height: 48, background: .paper, memory: memory)
        let fresh = Canvas(width: 64, height: 48, background: .paper)
        #expect(again.pixelBytes == fresh.pixelBytes)
        let b = again.buffer
        #expect(!(0..<b.count).contains { b.bases[$0] != 0 || b.keys[$0] != 0 || b.stamps[$0] != 0 })
    }
}
