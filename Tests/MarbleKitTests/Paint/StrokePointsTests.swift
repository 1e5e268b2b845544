import Foundation
import Testing
@testable import MarbleKit

/// A stroke's points kept as positions and colour runs: the same points back, in order and by
/// index, whatever the colours do; equal points make equal values; the JSON is the array's.
@Suite("Stroke points: positions and colour runs")
struct StrokePointsTests {
    /// Points whose colours come in runs of 1 to 7, some colours coming back later.
    static func points(_ n: Int, seed: UInt64 = 11) -> [StrokePoint] {
        var rng = seed
        func next() -> UInt64 { rng = rng &* 6364136223846793005 &+ 1442695040888963407; return rng >> 33 }
        var out: [StrokePoint] = []
        var color = RGBA8(10, 20, 30)
        var left = 0
        for k in 0..<n {
            if left == 0 {
                left = Int(next() % 7) + 1
                color = RGBA8(UInt8(next() % 4), 0, UInt8(next() % 2))
            }
            left -= 1
            // Doubles that no float holds: the positions must come back bit for bit.
            out.append(StrokePoint(x: Double(k) / 3 + 1e-9 * Double(next() % 1000), y: .pi * Double(k), color: color))
        }
        return out
    }

    @Test("Appended points come back in order, by index and reversed, bit for bit", arguments: [0, 1, 2, 9, 500])
    func roundTrip(n: Int) {
        let expected = Self.points(n)
        var points = StrokePoints()
        for p in expected { points.append(p) }
        #expect(Array(points) == expected)
        #expect((0..<n).map { points[$0] } == expected)
        #expect(Array(points.reversed()) == Array(expected.reversed()))
        #expect(points.count == n && points.first == expected.first && points.last == expected.last)
        #expect(StrokePoints(expected) == points)
    }

    @Test("Changing one point's colour or position changes just that point, and equal points stay equal values")
    func setting() {
        let expected = Self.points(40)
        var points = StrokePoints(expected)
        var changed = expected
        for (i, c) in [(0, RGBA8(9, 9, 9)), (17, expected[16].color), (39, RGBA8(1, 2, 3)), (5, expected[5].color)] {
            points[i].color = c
            changed[i].color = c
        }
        points[3].x = 1e300
        changed[3].x = 1e300
        #expect(Array(points) == changed)
        #expect(points == StrokePoints(changed), "the runs are the same as if the points had been appended")
        #expect(points != StrokePoints(expected))
    }

    @Test("A finished stroke's arrays give back their spare room; the points are unchanged")
    func shrinking() {
        var points = StrokePoints()
        // Room for 4,096 points and 1,100 in it: at least 46 KB spare, whatever sizes malloc
        // hands out. (Waiting for a growth of the arrays instead depended on the heap: once, on
        // a busy one, the growth found left too little spare for `shrinkToFit` to act on.)
        points.reserveCapacity(4096)
        for p in Self.points(1100) { points.append(p) }
        #expect(points.storedBytes >= 4096 * 16)
        let before = points.storedBytes
        let copy = Array(points)
        points.shrinkToFit()
        #expect(points.storedBytes < before)
        #expect(Array(points) == copy)
        // 16 bytes a point for the positions, and the runs besides; an array's capacity is what
        // malloc gave, which on a busy heap (the whole suite at once) is a few KB over what was
        // asked (26,736 bytes seen against 24,856), so 4 KB of slack.
        #expect(points.storedBytes <= points.count * 24 + 4096, "\(points.storedBytes) bytes for \(points.count) points")
    }

    @Test("A colour at nearly every point (a heading that keeps turning) is kept one a point: 20 bytes a point, the same points back")
    func denseColours() {
        // Runs first, then a new colour at every point, then a long run again.
        var expected = Self.points(100)
        for k in 0..<2000 { expected.append(StrokePoint(x: Double(k) * 0.7, y: 1 / Double(k + 1), color: RGBA8(UInt8(k % 256), UInt8(k / 256), 9))) }
        for k in 0..<300 { expected.append(StrokePoint(x: Double(k), y: 2, color: RGBA8(1, 1, 1))) }
        var points = StrokePoints()
        for p in expected { points.append(p) }
        points.shrinkToFit()
        #expect(Array(points) == expected)
        #expect((0..<expected.count).map { points[$0] } == expected)
        #expect(points.storedBytes <= expected.count * 20 + 512, "\(points.storedBytes) bytes for \(expected.count) points")
        var changed = points
        changed[2100].color = RGBA8(200, 0, 0)
        #expect(changed != points && changed[2100].color == RGBA8(200, 0, 0) && changed[2099] == points[2099])
        // Only runs: 16 bytes a point and a little.
        let steady = StrokePoints((0..<2000).map { StrokePoint(x: Double($0), y: 0, color: RGBA8(UInt8($0 / 500), 0, 0)) })
        #expect(steady.storedBytes <= 2000 * 16 + 256, "\(steady.storedBytes)")
    }

    @Test("Points appended into reserved room (as a snapshot decodes them) are the points made at once, runs or a colour a point")
    func reserved() {
        var dense = Self.points(50)
        for k in 0..<500 { dense.append(StrokePoint(x: Double(k), y: -Double(k), color: RGBA8(UInt8(k % 251), 0, 0))) }
        for expected in [Self.points(0), Self.points(1), Self.points(700), dense] {
            var bulk = StrokePoints()
            bulk.reserveCapacity(expected.count)
            for p in expected { bulk.append(p) }
            #expect(Array(bulk) == expected)
            #expect(bulk == StrokePoints(expected))
            var more = bulk, appended = StrokePoints(expected)
            let p = StrokePoint(x: 1, y: 2, color: RGBA8(7, 7, 7))
            more.append(p)
            appended.append(p)
            #expect(more == appended && Array(more) == expected + [p])
        }
    }

    @Test("JSON is the array of points, both ways")
    func codable() throws {
        let expected = Self.points(12)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(StrokePoints(expected))
        #expect(data == (try encoder.encode(expected)))
        #expect(try JSONDecoder().decode(StrokePoints.self, from: data) == StrokePoints(expected))
    }
}
