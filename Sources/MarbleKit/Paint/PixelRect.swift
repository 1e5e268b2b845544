/// A rectangle of whole pixels: columns `x ..< x+width`, rows `y ..< y+height`.
public struct PixelRect: Equatable, Hashable, Sendable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding both.
    /// Whether the two overlap or share an edge.
    func touches(_ other: PixelRect) -> Bool {
        x <= other.x + other.width && other.x <= x + width && y <= other.y + other.height && other.y <= y + height
    }

    public func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding `a` (if any) and `b`.
    static func union(_ a: PixelRect?, _ b: PixelRect) -> PixelRect {
        a.map { $0.union(b) } ?? b
    }
}
