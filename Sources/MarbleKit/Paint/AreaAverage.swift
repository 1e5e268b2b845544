/// The one area average: a picture at another size, each pixel the average of the source
/// pixels it covers, each weighed by how much of it the pixel covers.
///
/// It serves the board a photo is fitted to (`Board.fitting`), the gallery's thumbnails
/// (`Canvas.thumbnail`) and the time-lapse's frames (`Canvas.scaledPixels`). No moiré from a
/// photo shrunk tenfold, no blur at the picture's own size; Double arithmetic in a fixed order,
/// so the same picture gives the same pixels everywhere.
enum AreaAverage {
    /// For each of `m` cells, the source pixels of `n` it covers and their weights (summing to 1).
    static func weights(from n: Int, to m: Int) -> [[(Int, Double)]] {
        let step = Double(n) / Double(m)
        return (0..<m).map { j in
            let lo = Double(j) * step, hi = Double(j + 1) * step
            var out: [(Int, Double)] = []
            var i = Int(lo)
            while i < n, Double(i) < hi {
                let covered = min(hi, Double(i + 1)) - max(lo, Double(i))
                if covered > 0 { out.append((i, covered / step)) }
                i += 1
            }
            return out
        }
    }

    /// Scales RGBA8 `picture` (`width`×`height`, rows top to bottom) to `dw`×`dh`, calling
    /// `pixel(x, y, average)` for each of its pixels, row by row, with the area average of the
    /// premultiplied source pixels: (r·α, g·α, b·α, 255·α), α from 0 to 1.
    ///
    /// Row by row of the result: the source rows it covers summed into one row, then that row's
    /// columns; memory is one source row, not a scaled copy.
    @inline(__always)
    static func scale(_ picture: UnsafeBufferPointer<UInt8>, width: Int, height: Int, toWidth dw: Int, height dh: Int,
                      _ pixel: (_ x: Int, _ y: Int, _ average: SIMD4<Double>) -> Void) {
        let across = weights(from: width, to: dw), down = weights(from: height, to: dh)
        var row = [SIMD4<Double>](repeating: .zero, count: width)
        for j in 0..<dh {
            for sx in 0..<width { row[sx] = .zero }
            for (sy, w) in down[j] {
                for sx in 0..<width {
                    let i = (sy * width + sx) * 4
                    let a = Double(picture[i + 3]) / 255
                    row[sx] += w * SIMD4(Double(picture[i]) * a, Double(picture[i + 1]) * a, Double(picture[i + 2]) * a, a * 255)
                }
            }
            for x in 0..<dw {
                var sum = SIMD4<Double>.zero
                for (sx, w) in across[x] { sum += w * row[sx] }
                pixel(x, j, sum)
            }
        }
    }

    /// RGBA8 `src` scaled to `tw`×`th` by the area average, colours unpremultiplied: an opaque
    /// picture's pixels are the plain averages of the pixels they cover.
    static func rgba(_ src: UnsafeRawBufferPointer, width: Int, height: Int, toWidth tw: Int, height th: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: tw * th * 4) { out, done in
            scale(src.bindMemory(to: UInt8.self), width: width, height: height, toWidth: tw, height: th) { x, y, sum in
                let d = (y * tw + x) * 4
                // Opaque (the canvas always is): α is 1, but for the rounding of the weights, and
                // the colours are already the plain averages, as a board's over black are.
                let alpha = sum.w / 255
                let plain = alpha > 0.999_999 || alpha <= 0 ? sum : sum / alpha
                out[d] = byte(plain.x)
                out[d + 1] = byte(plain.y)
                out[d + 2] = byte(plain.z)
                out[d + 3] = byte(sum.w)
            }
            done = tw * th * 4
        }
    }

    /// A channel's value rounded to a byte: adding ½ and truncating (no libm call decides pixels).
    @inline(__always)
    static func byte(_ v: Double) -> UInt8 {
        UInt8(min(max(v + 0.5, 0), 255))
    }
}
