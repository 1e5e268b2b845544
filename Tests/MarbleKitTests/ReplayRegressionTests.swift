import Foundation
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
        "figure-eight.csv": "ad351192ddfdbcf987306893bde8d0ce31b8332849b8d245c0525ca5f4f6a214",
        "spiral.csv": "7cf29cf9de4e93bf2768ec3c8c55b9a2463143d37a609ae0ca8a1880071f139b",
        "colour-wheel.csv": "cdc73f23b7dade23da7fe3dba42d66fecf0e0dd30b827c7752f8bc0f317fab0d",
        "scribble.csv": "a9b669a6b3c2265cee2d3194a45f7da191584d6978d321110efc5f243e36a536",
        "bounces.csv": "053115078c2c947d3f11ffe4cb23ec3796bd64e57a0ab05937deb8ed7c63c22a",
    ]

    static func replay(_ name: String) throws -> DrawingSession {
        let read = try MarbleLog.read(contentsOf: Repository.replay(name))
        let setup = read.log.setup.setup
        let difficulty = setup.difficulty ?? .normal
        let session = DrawingSession(configuration: SessionConfiguration(
            mode: setup.mode ?? .real, difficulty: difficulty,
            canvasWidth: setup.canvasSize?.width ?? 1280, canvasHeight: setup.canvasSize?.height ?? 800))
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
        #expect(report.segments > 1_000)
        let r = session.configuration.parameters.ballRadius
        #expect(report.finalPosition.x >= r && report.finalPosition.x <= 1280 - r)
        #expect(report.finalPosition.y >= r && report.finalPosition.y <= 800 - r)
        #expect(report.canvasSHA256 == Self.expected[name], "\(name): hash \(report.canvasSHA256)")
    }

    @Test("the same log replays to the same pixels twice")
    func deterministic() throws {
        let a = try Self.replay("scribble.csv").report()
        let b = try Self.replay("scribble.csv").report()
        #expect(a == b)
    }
}
