import Foundation
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// Damaged input never traps: mutated logs and phone exports either read or are refused with
/// a message, and whatever reads replays. (A trap would end the whole test run.)
@Suite("Fuzzing bad input")
struct FuzzTests {
    /// Bytes that make parsers stumble.
    static let nasty: [UInt8] = Array("\0\n\r,;\t.-+eE#:\" 0123456789nanifNIF∞µ".utf8) + [0xFF, 0xC3, 0x80, 0xEF, 0xBB, 0xBF]

    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var b = bytes
        for _ in 0..<Int.random(in: 1...8, using: &rng) where !b.isEmpty {
            let i = Int.random(in: 0..<b.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: b[i] = nasty.randomElement(using: &rng)!
            case 1: b.remove(at: i)
            case 2: b.insert(nasty.randomElement(using: &rng)!, at: i)
            case 3: b[i] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
            default: b.removeSubrange(i..<min(b.count, i + Int.random(in: 1...40, using: &rng)))
            }
        }
        return b
    }

    @Test func mutatedLogsReadOrFailCleanly() throws {
        let whole = Array(try Data(contentsOf: URL(fileURLWithPath: Repository.replay("scribble.csv"))))
        let original = whole.prefix(through: whole[..<6000].lastIndex(of: UInt8(ascii: "\n"))!)
        var rng = SplitMix64(seed: 2026)
        var read = 0, refused = 0
        for _ in 0..<1500 {
            let bytes = Self.mutate(Array(original), &rng)
            do {
                let result = try MarbleLog.parse(Data(bytes), path: "fuzz.csv")
                read += 1
                let session = DrawingSession(configuration: SessionConfiguration(canvasWidth: 64, canvasHeight: 48))
                for s in result.log.marbles[0] { _ = try? session.feed([s]) }
                #expect(session.marbles[0].ball.position.isFinite && session.marbles[0].ball.velocity.isFinite)
            } catch {
                refused += 1
                #expect(error.description.hasPrefix("fuzz.csv:"), "\(error)")
            }
        }
        #expect(read > 0 && refused > 0)
    }

    @Test("Mutated two-marble logs read or fail cleanly, and what reads replays with both marbles finite and apart")
    func mutatedTwoMarbleLogsReadOrFailCleanly() throws {
        let whole = Array(try Data(contentsOf: URL(fileURLWithPath: Repository.replay("two-marbles.csv"))))
        let original = whole.prefix(through: whole[..<8000].lastIndex(of: UInt8(ascii: "\n"))!)
        var rng = SplitMix64(seed: 2024)
        var read = 0, refused = 0
        for _ in 0..<800 {
            let bytes = Self.mutate(Array(original), &rng)
            let result: MarbleLog.ReadResult
            do throws(LogIssue) {
                result = try MarbleLog.parse(Data(bytes), path: "fuzz.csv")
            } catch {
                refused += 1
                #expect(error.description.hasPrefix("fuzz.csv:"), "\(error)")
                continue
            }
            read += 1
            let configuration = SessionConfiguration(mode: PhysicsMode.allCases.randomElement(using: &rng)!, canvasWidth: 200, canvasHeight: 120)
            guard result.log.marbles.count == 2 else { continue }
            let second = result.log.marbles[1]
            #expect(second.count == result.log.marbles[0].count)
            let session = DrawingSession(marbles: 2, configuration)
            for (a, b) in zip(result.log.marbles[0], second) { _ = try? session.feed([a, b]) }
            let other = try #require(session.marbles.dropFirst().first)
            #expect(session.marbles[0].ball.position.isFinite && other.ball.position.isFinite)
            #expect((session.marbles[0].ball.position - other.ball.position).length >= 2 * configuration.parameters.ballRadius - 1e-9)
        }
        #expect(read > 0 && refused > 0)
    }

    @Test func extremeSamplesKeepTheBallFinite() throws {
        let huge = [0.0, .leastNonzeroMagnitude, 1e308, -1e308, 1, -1, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity]
        var rng = SplitMix64(seed: 7)
        for mode in PhysicsMode.allCases {
            let session = DrawingSession(configuration: SessionConfiguration(mode: mode, canvasWidth: 100, canvasHeight: 80))
            var t = 0.0
            for _ in 0..<2000 {
                t += [0, 1e-9, 0.01, 1, 3600].randomElement(using: &rng)!
                let s = Sample(t: t, tilt: Vec2(huge.randomElement(using: &rng)!, huge.randomElement(using: &rng)!),
                               heading: huge.randomElement(using: &rng)!, penDown: Bool.random(using: &rng))
                _ = try? session.feed([s])
                #expect(session.marbles[0].ball.position.isFinite && session.marbles[0].ball.velocity.isFinite)
            }
            let r = session.configuration.parameters.ballRadius
            #expect(session.marbles[0].ball.position.x >= min(r, 50) && session.marbles[0].ball.position.x <= max(100 - r, 50))
        }
    }

    @Test func farOffStrokesDoNotTrap() {
        var pen = Canvas.Pen()
        let canvas = Canvas(width: 50, height: 40)
        for p in [Vec2(1e300, -1e300), Vec2(-1e18, 5), Vec2(25, 1e200), Vec2(.greatestFiniteMagnitude, 0), Vec2(20, 20)] {
            canvas.beginStroke(at: p, color: RGBA8(200, 0, 0), width: 6, pen: &pen)
            canvas.continueStroke(to: Vec2(20, 20), color: RGBA8(0, 0, 200), pen: &pen)
            canvas.continueStroke(to: Vec2(-p.x, p.y), color: RGBA8(0, 200, 0), pen: &pen)
            canvas.endStroke(pen: &pen)
        }
        #expect(canvas.inkStatistics().pixels > 0)
    }

    @Test func mutatedPhoneExportsImportOrFailCleanly() throws {
        let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
        let sources = ["SensorLogger-iOS", "SensorLogger-Android", "phyphox/Accelerometer-Magnetometer", "phyphox/Combined-tab",
                       "phyphox/Acceleration-semicolon-decimal-comma"]
        var rng = SplitMix64(seed: 99)
        var imported = 0, refused = 0
        for round in 0..<120 {
            let source = fixtures.appendingPathComponent(sources[round % sources.count])
            let dir = try TempFolder("fuzz")
            for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".csv") {
                let bytes = Array(try Data(contentsOf: source.appendingPathComponent(name)))
                let damaged = Bool.random(using: &rng) ? Self.mutate(bytes, &rng) : bytes
                try dir.write(damaged, to: name)
            }
            do {
                let result = try PhoneImport.importLog(paths: [dir.path], io: .system)
                imported += 1
                let reread = try MarbleLog.parse(Data(result.log.text().utf8), path: "reimport.csv")
                #expect(reread.log.marbles[0].count == result.log.marbles[0].count)
            } catch let error as ImportError {
                refused += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(imported > 0 && refused > 0)
    }
}
