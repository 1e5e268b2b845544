import Foundation
import Testing
@testable import MarbleKit

/// Inputs the fuzz targets (`Fuzz/`) found trapping or misbehaving, each kept as a fixture in
/// `Fixtures/fuzz/` with a test that it is now read or refused cleanly.
@Suite("Fuzz findings")
struct FuzzRegressionTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/fuzz"))
        return Array(try Data(contentsOf: url))
    }

    /// A snapshot (good checksum) whose stroke points lie far off the canvas: it restored, and
    /// redoing the stroke made the pen's arc length infinite, a state the next snapshot refused.
    @Test func snapshotWithStrokeOffTheCanvasIsDamaged() throws {
        let bytes = try Self.fixture("snapshot-stroke-off-canvas")
        #expect(throws: StoreError.self) { _ = try Snapshot.decode(bytes, path: "snapshot") }
        do {
            _ = try Snapshot.decode(bytes, path: "snapshot")
        } catch {
            #expect(error.isBadData)
            #expect("\(error)".contains("off the canvas"), "\(error)")
        }
    }

    /// A two-marble snapshot (good checksum) whose second marble's input time is NaN: it
    /// restored, and its state then never equalled itself. Now refused as damage.
    @Test func twoMarbleSnapshotWithANaNTimeIsDamaged() throws {
        let bytes = try Self.fixture("snapshot-two-marbles-nan-input")
        #expect(throws: StoreError.self) { _ = try Snapshot.decode(bytes, path: "snapshot") }
    }

    /// Two marbles on a canvas under three balls wide: a third of the width is inside a wall,
    /// where the first marble started and stayed while nothing moved it.
    @Test func twoMarblesStartInsideTheWalls() {
        var c = SessionConfiguration(difficulty: .easy, canvasWidth: 40, canvasHeight: 30)
        c.marbles = 2
        let s = DrawingSession(configuration: c)
        let (lo, hi) = s.kinematics.bounds
        for p in [s.marbles[0].ball.position, s.marbles[1].ball.position] {
            #expect(p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y, "\(p)")
        }
    }

    /// A restored state must be one a session reaches: its ball inside the walls, its open pen
    /// and its strokes' points on the canvas.
    @Test func restoringRefusesTheBallOutsideTheWallsAndPointsOffTheCanvas() throws {
        let session = DrawingSession(configuration: SessionConfiguration(canvasWidth: 64, canvasHeight: 48))
        _ = try session.feed([Sample(t: 0, tilt: Vec2(0.5, 0.2))])
        _ = try session.feed([Sample(t: 1, tilt: Vec2(-0.5, 0.3))])
        let good = session.state
        #expect(throws: Never.self) { _ = try DrawingSession(restoring: good) }

        var outside = good
        outside.marbles[0].ball.position.x = 64 - session.configuration.parameters.ballRadius + 0.5
        #expect(throws: RestoreError.self) { _ = try DrawingSession(restoring: outside) }

        var farPoint = good
        try #require(!farPoint.strokes.isEmpty)
        farPoint.strokes[0].points[0].x = 1e300
        #expect(throws: RestoreError.self) { _ = try DrawingSession(restoring: farPoint) }

        var farPen = good
        farPen.marbles[0].pen.point = Vec2(-3, 10)
        #expect(throws: RestoreError.self) { _ = try DrawingSession(restoring: farPen) }
    }

    /// A sensitivity of 17 significant digits read back as a neighbouring double: Foundation's
    /// JSONSerialization (Linux) rounds such numbers; the values are now read with JSONDecoder.
    @Test func settingsKeepEveryDigitOfTheSensitivity() throws {
        let bytes = try Self.fixture("settings-17-digit-sensitivity.json")
        guard case .success(let (settings, problems)) = SettingsFile.decode(bytes) else {
            Issue.record("the fixture does not read")
            return
        }
        #expect(problems.isEmpty)
        #expect(settings.sensitivity == 555555555555555555555555555555555.0)
        for x in [5.5555555555555556e+32, 3.4518872832162257, 1.9667455103078026, 0.25, 4, 1.1] {
            guard case .success(let (again, _)) = SettingsFile.decode(SettingsFile.encode(Settings(sensitivity: x))) else {
                Issue.record("\(x) does not read back")
                continue
            }
            #expect(again.sensitivity == x)
        }
    }

    /// A snapshot (good checksum) whose held input tilts by 5.6e305 g: it restored, and the next
    /// sample's steps sent the ball to infinity and then NaN. A held input is now one `feed` keeps.
    @Test func snapshotWithAHugeHeldTiltIsDamaged() throws {
        let bytes = try Self.fixture("snapshot-huge-tilt")
        do {
            _ = try Snapshot.decode(bytes, path: "snapshot")
            Issue.record("a snapshot holding a tilt of 5.6e305 g restored")
        } catch {
            #expect(error.isBadData)
            #expect("\(error)".contains("no sample gives"), "\(error)")
        }
    }

    /// Restoring refuses a held input longer than 1 g or with a heading outside [0, 360).
    @Test func restoringRefusesAnInputNoSampleGives() throws {
        let session = DrawingSession(configuration: SessionConfiguration(canvasWidth: 64, canvasHeight: 48))
        _ = try session.feed([Sample(t: 0, tilt: Vec2(3, 4), heading: 725)])
        let good = session.state
        #expect(throws: Never.self) { _ = try DrawingSession(restoring: good) }
        var long = good
        long.marbles[0].input?.tilt = Vec2(0.8, 0.8)
        #expect(throws: RestoreError.self) { _ = try DrawingSession(restoring: long) }
        var turned = good
        turned.marbles[0].input?.heading = 360
        #expect(throws: RestoreError.self) { _ = try DrawingSession(restoring: turned) }
    }
}
