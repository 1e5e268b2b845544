/// The picture at another width, for time-lapse frames.
extension Canvas {
    /// The picture shrunk to `width` px wide (height in proportion, at least 1), each pixel the
    /// average of the canvas pixels it covers; at the canvas's own width (or wider) an exact copy.
    ///
    /// - Returns: the size and the RGBA8 bytes, rows top to bottom, no padding.
    public func scaledPixels(width target: Int) -> (width: Int, height: Int, rgba: [UInt8]) {
        guard target < width else { return (width, height, pixelBytes) }
        let tw = max(1, target)
        let th = max(1, Int(Maths.round(Double(height) * Double(tw) / Double(width))))
        let rgba = withPixelBytes { src in Self.areaAverage(src, width: width, height: height, toWidth: tw, height: th) }
        return (tw, th, rgba)
    }

    /// Box-filters RGBA8 `src` (`width`×`height`) to `tw`×`th`; each output pixel averages the
    /// source pixels between its integer bounds.
    static func areaAverage(_ src: UnsafeRawBufferPointer, width: Int, height: Int, toWidth tw: Int, height th: Int) -> [UInt8] {
        // Column bounds are the same for every row: worked out once.
        let xs = (0...tw).map { $0 * width / tw }
        var sums = [UInt32](repeating: 0, count: tw * 4)
        return [UInt8](unsafeUninitializedCapacity: tw * th * 4) { out, done in
            let s = src.bindMemory(to: UInt8.self)
            for ty in 0..<th {
                let y0 = ty * height / th, y1 = max(y0 + 1, (ty + 1) * height / th)
                sums.withUnsafeMutableBufferPointer { acc in
                    for i in 0..<acc.count { acc[i] = 0 }
                    for y in y0..<y1 {
                        let row = y * width * 4
                        for tx in 0..<tw {
                            var o = row + xs[tx] * 4
                            var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
                            for _ in xs[tx]..<max(xs[tx] + 1, xs[tx + 1]) {
                                r &+= UInt32(s[o]); g &+= UInt32(s[o + 1]); b &+= UInt32(s[o + 2]); a &+= UInt32(s[o + 3])
                                o += 4
                            }
                            acc[tx * 4] &+= r; acc[tx * 4 + 1] &+= g; acc[tx * 4 + 2] &+= b; acc[tx * 4 + 3] &+= a
                        }
                    }
                    let rows = UInt32(y1 - y0)
                    for tx in 0..<tw {
                        let n = rows * UInt32(max(1, xs[tx + 1] - xs[tx]))
                        let d = (ty * tw + tx) * 4
                        for c in 0..<4 { out[d + c] = UInt8((acc[tx * 4 + c] + n / 2) / n) }
                    }
                }
            }
            done = tw * th * 4
        }
    }
}
