import Testing
@testable import MarbleKit

/// A canvas's changed areas: a few rectangles that together cover every changed pixel, not one
/// union (several marbles paint far apart).
@Suite("Canvas: changed areas")
struct CanvasChangedAreasTests {
    @Test("Two strokes far apart are two small areas; their pixels are all inside; touching ones join")
    func twoApart() {
        let c = Canvas(width: 400, height: 300)
        let seen = c.revision
        c.paintStraight(from: Vec2(20, 20), to: Vec2(60, 30), step: 2, width: 6, color: RGBA8(200, 0, 0))
        c.paintStraight(from: Vec2(340, 250), to: Vec2(380, 260), step: 2, width: 6, color: RGBA8(0, 0, 200))
        let areas = c.changedAreas(since: seen)
        #expect(areas.count == 2, "\(areas)")
        #expect(areas.reduce(0) { $0 + $1.width * $1.height } < 400 * 300 / 20)
        let union = c.changes(since: seen)
        #expect(union.map { $0.width * $0.height } ?? 0 > 400 * 300 / 2, "their union is most of the canvas")
        // Every painted pixel lies in an area.
        for y in 0..<300 {
            for x in 0..<400 where c.pixel(x: x, y: y) != c.background {
                #expect(areas.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }, "(\(x), \(y))")
            }
        }
        #expect(c.changedAreas(since: c.revision).isEmpty)
    }

    @Test("Many strokes apart are joined down to the limit, still covering each")
    func limit() {
        let c = Canvas(width: 400, height: 300)
        let seen = c.revision
        for k in 0..<12 {
            let p = Vec2(Double(20 + (k % 4) * 100), Double(30 + (k / 4) * 100))
            c.paintStraight(from: p, to: p + Vec2(10, 5), step: 0, width: 4, color: RGBA8(0, 120, 0))
        }
        let areas = c.changedAreas(since: seen, limit: 5)
        #expect(areas.count <= 5)
        for y in 0..<300 {
            for x in 0..<400 where c.pixel(x: x, y: y) != c.background {
                #expect(areas.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height })
            }
        }
    }
}
