/// A QR code as modules: a square of dark and light, row by row, without the quiet zone.
///
/// A value the app's scenes carry (the Phone screen shows the page's address as one); made
/// by the environment's encoder (`Environment.codecs.encodeQR`, libqrencode in the program).
public struct QRMatrix: Equatable, Sendable {
    /// Modules a side.
    public let size: Int
    /// `size × size` modules, row by row; true is dark.
    public let modules: [Bool]

    /// A matrix of `size` modules a side; nil when `modules` is not `size × size`.
    public init?(size: Int, modules: [Bool]) {
        guard size > 0, modules.count == size * size else { return nil }
        self.size = size
        self.modules = modules
    }

    /// Whether the module at column `x`, row `y` is dark (outside the square: light).
    public func isDark(_ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// The code as RGBA8 pixels, `scale` pixels a module, with the standard quiet zone of
    /// four light modules round it: black on white, for a screenshot's or a test's reader.
    public func rgba(scale: Int) -> (pixels: [UInt8], width: Int) {
        let side = (size + 8) * scale
        var out = [UInt8](repeating: 255, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side where isDark(x / scale - 4, y / scale - 4) {
                let i = (y * side + x) * 4
                out[i] = 0
                out[i + 1] = 0
                out[i + 2] = 0
            }
        }
        return (out, side)
    }
}
