import Foundation
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// Every log shipped in `Replays/` replays headless to the canvas it always has.
///
/// A changed hash means the engine's output changed: if that was intended (a physics or
/// rasterizer change), look at the pictures (`marble replay LOG --png OUT`) and update the table
/// (`marble replay Replays/*.csv --json` prints each `canvas_sha256`).
@Suite("Replays regression")
struct ReplayRegressionTests {
    /// Canvas SHA-256 per shipped log, replayed in the physics and difficulty its metadata names:
    /// `Replays/canvas-sha256.txt`, in sha256sum's format (`make bench` checks its release build
    /// against the same file).
    static let expected: [String: String] = {
        guard let text = try? String(contentsOfFile: Repository.replay("canvas-sha256.txt"), encoding: .utf8) else { return [:] }
        var table: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count == 2 { table[String(fields[1])] = String(fields[0]) }
        }
        return table
    }()

    static func replay(_ name: String) throws -> DrawingSession {
        let read = try MarbleLog.read(contentsOf: Repository.replay(name), io: .system)
        return try DrawingSession.replaying(read.log, configuration: SessionConfiguration(setup: read.log.setup.setup))
    }

    @Test("every shipped log is in the table", arguments: [()])
    func everyLogIsCovered(_: Void) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("Replays").path)
            .filter { $0.hasSuffix(".csv") }
        #expect(files.count >= 4)
        #expect(Set(files) == Set(Self.expected.keys))
    }

    @Test("replays to its recorded canvas hash", arguments: expected.keys.sorted())
    func hashMatches(_ name: String) throws {
        let session = try Self.replay(name)
        let report = session.report()
        // Sanity first, so a broken engine fails with a readable reason before the hash does.
        #expect(report.samples > 500)
        #expect(report.droppedSamples == 0)
        #expect(report.canvas.inkPixels > 10_000)
        // The trace logs are short: one circle (603 segments), a 20 s scribble (871).
        #expect(report.segments > 500)
        let r = session.configuration.parameters.ballRadius
        for m in report.marbles {
            #expect(m.finalPosition.x >= r && m.finalPosition.x <= 1280 - r)
            #expect(m.finalPosition.y >= r && m.finalPosition.y <= 800 - r)
        }
        #expect(report.canvasSHA256 == Self.expected[name], "\(name): hash \(report.canvasSHA256)")
    }

    @Test("the trace logs score as their names say: the circle drawn exactly, a scribble far from it")
    func traceLogs() throws {
        for (name, stars) in [("trace-circle.csv", 3), ("trace-scribble.csv", 0)] {
            let session = try Self.replay(name)
            let score = TraceScore(.circle, canvas: session.canvas, penWidth: session.configuration.parameters.penWidth)
            #expect(score.stars == stars, "\(name): \(score)")
            #expect(score.coverage == Double(stars / 3) && score.precision == Double(stars / 3), "\(name): \(score)")
        }
    }

    @Test("the same log replays to the same pixels twice")
    func deterministic() throws {
        let a = try Self.replay("scribble.csv").report()
        let b = try Self.replay("scribble.csv").report()
        #expect(a == b)
    }
}
