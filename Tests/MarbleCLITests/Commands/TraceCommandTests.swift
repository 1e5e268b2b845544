import Foundation
import MarbleKit
import MarblePNG
import MarbleTestSupport
import Testing

/// `marble replay --trace SHAPE` and `marble guide` end to end.
@Suite("marble replay --trace")
struct TraceCommandTests {
    static func trace(_ json: [String: Any]?) throws -> [String: Any] {
        try #require(json?["trace"] as? [String: Any])
    }

    @Test func theCircleDrawnExactlyEarnsThreeStars() throws {
        let out = try MarbleProcess.run(["replay", "Replays/trace-circle.csv", "--trace", "circle", "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        let json = try #require(out.json)
        // The trace comes last, after every key of a plain replay.
        #expect(Set(json.keys) == ReplayCommandTests.jsonKeys.union(["trace"]))
        #expect(out.stdout.hasSuffix(",\"trace\":{\"shape\":\"circle\",\"coverage\":1,\"precision\":1,\"stars\":3}}\n"), "\(out.stdout)")
    }

    @Test func aScribbleFarAwayEarnsNone() throws {
        let t = try Self.trace(try MarbleProcess.run(["replay", "Replays/trace-scribble.csv", "--trace", "circle", "--json"]).json)
        #expect(t["shape"] as? String == "circle")
        #expect(t["coverage"] as? Double == 0 && t["precision"] as? Double == 0)
        #expect(t["stars"] as? Int == 0)
    }

    @Test func theCircleIsNoSquare() throws {
        let t = try Self.trace(try MarbleProcess.run(["replay", "Replays/trace-circle.csv", "--trace", "square", "--json"]).json)
        #expect(t["shape"] as? String == "square")
        let coverage = try #require(t["coverage"] as? Double), precision = try #require(t["precision"] as? Double)
        // The circle touches the square only near the middles of its sides.
        #expect(coverage > 0.2 && coverage < 0.6 && precision > 0.2 && precision < 0.7, "\(t)")
        #expect(t["stars"] as? Int == 0)
    }

    @Test func withoutTraceThereIsNoTraceKey() throws {
        let json = try #require(try MarbleProcess.run(["replay", "Replays/trace-circle.csv", "--json"]).json)
        #expect(json["trace"] == nil)
    }

    @Test func theSummarySaysIt() throws {
        let out = try MarbleProcess.run(["replay", "Replays/trace-circle.csv", "--trace", "circle"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("Trace circle: coverage 100.0%, precision 100.0%, 3 stars."), "\(out.stdout)")
    }

    @Test func batchLinesCarryTheTrace() throws {
        let out = try MarbleProcess.run(["replay", "Replays/trace-scribble.csv", "Replays/trace-circle.csv", "--trace", "circle", "--json", "--jobs", "2"])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        let stars = try lines.map { line -> Int? in
            let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try Self.trace(json)["stars"] as? Int
        }
        #expect(stars == [0, 3])
    }

    @Test func aDrawingPlayedIntoTheStoreIsScoredToo() throws {
        let dir = try TempFolder("trace-store")
        let out = try MarbleProcess.run(["replay", "Replays/trace-circle.csv", "--new", "--store", dir.path, "--trace", "circle", "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try Self.trace(out.json)["stars"] as? Int == 3)
    }

    @Test func anUnknownShapeIsAUsageError() throws {
        let out = try MarbleProcess.run(["replay", "Replays/trace-circle.csv", "--trace", "oval", "--json"])
        #expect(out.status == 64)
        #expect(out.stderr.contains("'oval'") && out.stderr.contains("'heart'"), "\(out.stderr)")
        #expect(out.stdout.isEmpty)
        let window = try MarbleProcess.run(["replay", "Replays/trace-circle.csv", "--trace", "star", "--window"])
        #expect(window.status == 64)
        #expect(try MarbleProcess.run(["guide", "oval", "--png", "/tmp/never.png"]).status == 64)
    }

    @Test(arguments: TraceShape.allCases)
    func guidePictureHoldsTheDotsInTheBox(_ shape: TraceShape) throws {
        let dir = try TempFolder("guide")
        let png = dir.path("\(shape).png")
        let out = try MarbleProcess.run(["guide", shape.rawValue, "--png", png, "--size", "640x400"])
        #expect(out.status == 0, "\(out.stderr)")
        let image = try PNGImage.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(image.width == 640 && image.height == 400)
        // Ink only inside the guide's box (half side 120 round (320, 200)) widened by a dot.
        var ink = 0
        let paper = RGBA8.paper
        for y in 0..<400 {
            for x in 0..<640 {
                let i = 4 * (y * 640 + x)
                guard image.rgba[i] != paper.r || image.rgba[i + 1] != paper.g || image.rgba[i + 2] != paper.b else { continue }
                ink += 1
                #expect(abs(Double(x) + 0.5 - 320) <= 124 && abs(Double(y) + 0.5 - 200) <= 124, "\(shape) ink at \(x), \(y)")
            }
        }
        let dots = TraceGuide(shape, width: 640, height: 400).dots.count
        #expect(ink > dots * 10, "\(shape): \(ink) ink pixels for \(dots) dots")
    }
}
