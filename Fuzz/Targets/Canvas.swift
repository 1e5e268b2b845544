@testable import MarbleKit

/// Fuzzes the rasterizer: any strokes, at any coordinates and widths, paint inside the canvas.
///
/// The canvas's planes are raw memory written four pixels at a time (`PixelBuffer`), at indices
/// from the row spans' arithmetic; AddressSanitizer reports any write outside them. The input
/// is a canvas size (two bytes, 1–64 px a side) and then commands: a byte (low 3 bits: 0 begins
/// a stroke, 7 ends it, else continues it; the next 3 bits pick a pen width; the top bit says
/// how the point follows) and the point, as two raw Float64 (any bits: NaN, ∞, 10³⁰⁰,
/// subnormals) when the top bit is set, else as two Int16 in 1/64 px (±512 px, near the canvas).
/// After each command the dirty rectangle must lie inside the canvas.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    guard bytes.count >= 2 else { return 0 }
    let canvas = Canvas(width: Int(bytes[0] % 64) + 1, height: Int(bytes[1] % 64) + 1)
    let widths = [0.25, 1, 2.5, 8, 16, 33.3, 200, 1e9]
    var i = 2
    func double(at k: Int) -> Double {
        var bits: UInt64 = 0
        for b in 0..<8 { bits |= UInt64(bytes[k + b]) << (8 * b) }
        return Double(bitPattern: bits)
    }
    func int16(at k: Int) -> Double {
        Double(Int16(bitPattern: UInt16(bytes[k]) | UInt16(bytes[k + 1]) << 8)) / 64
    }
    var pens = [Canvas.Pen(), Canvas.Pen()]
    while i < bytes.count {
        let command = bytes[i]
        let raw = command & 0x80 != 0
        let length = raw ? 16 : 4
        guard i + 1 + length <= bytes.count else { break }
        let point = raw ? Vec2(double(at: i + 1), double(at: i + 9)) : Vec2(int16(at: i + 1), int16(at: i + 3))
        let color = HeadingColor.color(heading: Double(i % 360))
        // Two pens, as two marbles paint one canvas: bit 6 picks one.
        let k = Int(command >> 6) & 1
        switch command & 7 {
        case 0: canvas.beginStroke(at: point, color: color, width: widths[Int(command >> 3) & 7], pen: &pens[k])
        case 7: canvas.endStroke(pen: &pens[k])
        default: canvas.continueStroke(to: point, color: color, pen: &pens[k])
        }
        if let r = canvas.changes(since: .start),
           r.x < 0 || r.y < 0 || r.width <= 0 || r.height <= 0 || r.x + r.width > canvas.width || r.y + r.height > canvas.height {
            FuzzInput.fail("dirty rectangle \(r) outside the \(canvas.width)×\(canvas.height) canvas")
        }
        i += 1 + length
    }
    return 0
}
