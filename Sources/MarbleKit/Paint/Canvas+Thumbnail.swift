/// A small copy of the picture, for the gallery's thumbnails.
extension Canvas {
    /// A picture in RGBA8 bytes, rows top to bottom.
    struct Picture: Equatable, Sendable {
        var width: Int
        var height: Int
        var pixels: [UInt8]
    }

    /// An RGBA8 picture shrunk to fit `maxWidth`×`maxHeight` (aspect kept), each pixel the
    /// average of the pixels it covers; never larger than the picture.
    static func thumbnail(of src: UnsafeRawBufferPointer, width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> Picture {
        let scale = min(1, min(Double(max(maxWidth, 1)) / Double(width), Double(max(maxHeight, 1)) / Double(height)))
        let tw = max(1, Int((Double(width) * scale).rounded())), th = max(1, Int((Double(height) * scale).rounded()))
        var out = [UInt8](repeating: 0, count: tw * th * 4)
        do {
            for ty in 0..<th {
                let y0 = ty * height / th, y1 = max(y0 + 1, (ty + 1) * height / th)
                for tx in 0..<tw {
                    let x0 = tx * width / tw, x1 = max(x0 + 1, (tx + 1) * width / tw)
                    var sum = (0, 0, 0, 0)
                    for y in y0..<y1 {
                        var o = (y * width + x0) * 4
                        for _ in x0..<x1 {
                            sum.0 += Int(src[o]); sum.1 += Int(src[o + 1]); sum.2 += Int(src[o + 2]); sum.3 += Int(src[o + 3])
                            o += 4
                        }
                    }
                    let n = (y1 - y0) * (x1 - x0), d = (ty * tw + tx) * 4
                    out[d] = UInt8((sum.0 + n / 2) / n)
                    out[d + 1] = UInt8((sum.1 + n / 2) / n)
                    out[d + 2] = UInt8((sum.2 + n / 2) / n)
                    out[d + 3] = UInt8((sum.3 + n / 2) / n)
                }
            }
        }
        return Picture(width: tw, height: th, pixels: out)
    }
}
