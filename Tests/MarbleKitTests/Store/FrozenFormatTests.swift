import Foundation
import Testing
@testable import MarbleKit

/// Frozen copies of every file format, loaded forever: a reader change that breaks an old
/// file fails here.
@Suite("Frozen formats")
struct FrozenFormatTests {
    static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("formats")

    /// marble-log v1 with CRLF line ends, metadata, comments, a blank line, reordered and
    /// unknown columns, spaces around a header name, a NaN row and an out-of-range tilt.
    @Test func marbleLogV1() throws {
        let path = Self.fixtures.appendingPathComponent("marble-log-v1.csv").path
        let read = try MarbleLog.read(contentsOf: path, io: .system)
        #expect(read.log.metadata == [
            .init("title", "Frozen v1 sample"), .init("physics", "fake"), .init("difficulty", "easy"),
            .init("canvas", "320x200"),
        ])
        #expect(read.log.marbles[0] == [
            Sample(t: 0, tilt: Vec2(0.5, 0), heading: 90, penDown: true),
            Sample(t: 0.5, tilt: Vec2(0.5, -0.25), heading: 90.5, penDown: true),
            Sample(t: 0.5, tilt: Vec2(-0.75, 0.001), heading: 180, penDown: false),
            Sample(t: 1.25, tilt: Vec2(1.5, 0), heading: 359.9, penDown: false),
            Sample(t: 2.5, tilt: Vec2(0.25, 0.125), heading: -45, penDown: true),
        ])
        #expect(read.sampleLines == [9, 10, 12, 13, 15])
        #expect(read.dropped.map(\.description) == ["\(path):14: dropped sample: tilt_y is NaN"])
        let setup = read.log.setup.setup
        #expect(setup.mode == .fake && setup.difficulty == .easy)
        #expect(setup.canvasSize?.width == 320 && setup.canvasSize?.height == 200)

        // It replays: the session clamps the long tilt and wraps the negative heading.
        let session = DrawingSession(configuration: SessionConfiguration(mode: .fake, difficulty: .easy, canvasWidth: 320, canvasHeight: 200))
        for s in read.log.marbles[0] { try session.feed([s]) }
        #expect(session.marbles[0].heading == 315)
        #expect(session.strokes.count == 2)
    }

    /// A two-marble marble-log (`tilt_x2` … `erase2` beside the first marble's columns), as the
    /// frozen store-v3 drawing was made from.
    @Test func marbleLogTwoMarbles() throws {
        let path = Self.fixtures.appendingPathComponent("marble-log-two-marbles.csv").path
        let read = try MarbleLog.read(contentsOf: path, io: .system)
        let second = try #require(read.log.marbles.dropFirst().first)
        #expect(read.log.marbles[0].count == 720 && second.count == 720)
        #expect(second.contains { $0.width == 20 && $0.erase } && second.contains { !$0.penDown })
        #expect(read.log.marbles[0].allSatisfy { $0.width == nil && !$0.erase })
        #expect(try MarbleLog.parse(Data(read.log.text().utf8), path: "again").log == read.log, "written and read back, the same")
    }

    /// A four-marble marble-log (marble k's columns with the suffix k, k = 2…4), as the frozen
    /// store-v4 drawing was made from: it replays to that drawing's picture before its undo.
    @Test func marbleLogFourMarbles() throws {
        let path = Self.fixtures.appendingPathComponent("marble-log-four-marbles.csv").path
        let read = try MarbleLog.read(contentsOf: path, io: .system)
        let marbles = read.log.marbles
        #expect(marbles.count == 4 && marbles.allSatisfy { $0.count == 720 })
        #expect(marbles[1].contains { $0.width == 20 } && marbles[1].allSatisfy { !$0.erase })
        #expect(marbles[2].contains { $0.erase } && marbles[2].allSatisfy { $0.width == nil })
        #expect([marbles[0], marbles[3]].allSatisfy { m in m.allSatisfy { $0.width == nil && !$0.erase } })
        #expect(marbles.allSatisfy { m in m.contains { !$0.penDown } }, "every marble lifts its pen once")
        #expect(try MarbleLog.parse(Data(read.log.text().utf8), path: "again").log == read.log, "written and read back, the same")

        let setup = read.log.setup.setup
        let size = try #require(setup.canvasSize)
        let configuration = SessionConfiguration(mode: try #require(setup.mode), difficulty: try #require(setup.difficulty),
                                                 canvasWidth: size.width, canvasHeight: size.height)
        let session = try DrawingSession.replaying(read.log, configuration: configuration)
        #expect(session.marbles.count == 4)
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("store-v4/expected.txt"), encoding: .utf8)
        #expect(expected.contains("redo_canvas_sha256=\(session.report().canvasSHA256)\n"))
    }

    /// marble-log v1 with the optional `width` and `erase` columns (an empty width is the
    /// difficulty's own), as the frozen store-v2 drawing was made from.
    @Test func marbleLogWithTools() throws {
        let path = Self.fixtures.appendingPathComponent("marble-log-tools.csv").path
        let read = try MarbleLog.read(contentsOf: path, io: .system)
        let samples = read.log.marbles[0]
        #expect(samples.count == 1513)
        #expect(samples.first?.width == nil && samples.first?.erase == false)
        #expect(samples.contains { $0.width == 25 && $0.erase } && samples.contains { $0.width == 3 && !$0.erase })
        #expect(samples.filter(\.erase).allSatisfy { $0.t >= 12 && $0.t < 18 })
    }

    /// The frozen v5 store (`Tests/Tools/make_store_fixture_v5.sh`): two marbles over a
    /// colouring page kept raw, see-through paint, an eraser pass wiping back to the page, an
    /// undo, two snapshots, every file version 5. It loads to its canvas hash from its snapshot
    /// and from its journal alone, redo and undo give the pictures before and after the undo,
    /// and it goes on the same both ways.
    @Test func frozenVersion5StoreLoads() throws {
        let drawings = Self.fixtures.appendingPathComponent("store-v5/drawings")
        let id = try #require(try FileManager.default.contentsOfDirectory(atPath: drawings.path).first)
        for name in ["journal", "snapshot", "snapshot.1"] {
            let bytes = [UInt8](try Data(contentsOf: drawings.appendingPathComponent("\(id)/\(name)")))
            #expect(StoreFormat.version(of: bytes) == StoreFormat.picturesVersion, "\(name)")
        }
        var continued: [String] = []
        try StoreFormatTests.checkFrozenStore("store-v5") { d, expected, _ in
            let s = d.session
            #expect(s.marbles.count == 2 && s.canvas.board?.kind == .page)
            #expect(s.strokes.contains { $0.ink.alpha == 128 } && s.strokes.contains { $0.ink.wipes })
            #expect((try? d.redo()) == true)
            #expect(d.session.report().canvasSHA256 == expected["redo_canvas_sha256"])
            #expect((try? d.undo()) == true)
            #expect(d.session.report().canvasSHA256 == expected["canvas_sha256"])
            let t0 = d.resumeTime
            for i in 1...120 {
                let t = t0 + Double(i) / 60
                _ = try? d.feed([Sample(t: t, tilt: Vec2(0.6, -0.3), heading: 90, opacity: 0.4),
                                 Sample(t: t, tilt: Vec2(-0.4, 0.5), heading: 270, width: 10, erase: true)])
            }
            continued.append(d.session.report().canvasSHA256)
        }
        #expect(continued.count == 2 && continued[0] == continued[1])
    }
}
