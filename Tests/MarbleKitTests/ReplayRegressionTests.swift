import Foundation
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// Every log shipped in `Replays/` replays headless to the canvas it always has.
///
/// A changed hash means the engine's output changed: if that was intended (a physics or
/// rasterizer change), look at the pictures (`marble replay LOG --png OUT`) and update the table.
@Suite("Replays regression")
struct ReplayRegressionTests {
    /// Canvas SHA-256 per shipped log, replayed in the physics and difficulty its metadata names.
    static let expected: [String: String] = [
        "figure-eight.csv": "22f902fadb9c3ffe90847fd58f222edc0c82e9cf70f9f9fb94de35428483c5e5",
        "spiral.csv": "4d7a4c56558cff650d9e4422083b086082909dd882f12c9712718ad7bf861076",
        "colour-wheel.csv": "269d8cd03987106675f3a147a7149a5da0448ef30e50d9e290c5328e88c3752a",
        "scribble.csv": "b811335ee607a4c2c47d6362f36c0d0a60738c5379378c2b52bf65962090b756",
        "bounces.csv": "3f920a3cbab33b695b22dbda9d4c766e00b4b96a1fdf10f2affcbb1d291e4f10",
        "trace-circle.csv": "0bb6bd6b2f7fb052589c8de6677f2f968d1f72a0896629d84943c843c65ee2cd",
        "trace-scribble.csv": "215ad22f8bb0ed495b2e83e18d63d44e09d09c1d8b58605b9ab7529b3828cae9",
    ]

    static func replay(_ name: String) throws -> DrawingSession {
        let read = try MarbleLog.read(contentsOf: Repository.replay(name))
        let session = DrawingSession(configuration: SessionConfiguration(setup: read.log.setup.setup))
        for s in read.log.samples { try session.feed(s) }
        return session
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
        #expect(report.inkPixels > 10_000)
        // The trace logs are short: one circle (603 segments), a 20 s scribble (871).
        #expect(report.segments > 500)
        let r = session.configuration.parameters.ballRadius
        #expect(report.finalPosition.x >= r && report.finalPosition.x <= 1280 - r)
        #expect(report.finalPosition.y >= r && report.finalPosition.y <= 800 - r)
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
