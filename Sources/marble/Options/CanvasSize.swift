import ArgumentParser
import MarbleKit

/// A canvas size written `WxH`, such as `1280x800`.
struct CanvasSize: ExpressibleByArgument, Equatable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...Canvas.maxSide).contains(w), (1...Canvas.maxSide).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}

extension PhysicsMode: ExpressibleByArgument {}
extension Difficulty: ExpressibleByArgument {}
extension TraceShape: ExpressibleByArgument {}
