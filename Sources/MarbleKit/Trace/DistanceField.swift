/// Squared Euclidean distances, in whole pixels, from every pixel of a grid to the nearest
/// marked one: an exact distance transform.
///
/// Distances are between pixel centres, so they are integers when squared and the result is
/// exact and the same on every machine. Two passes of Felzenszwalb and Huttenlocher's
/// lower envelope of parabolas (columns, then rows): linear in the number of pixels.
struct DistanceField {
    let width: Int
    let height: Int
    /// Squared distances, row by row; `unreached` where no pixel is marked at all.
    private(set) var squared: [Int]

    /// Stands for "no marked pixel": larger than any squared distance on a canvas.
    static let unreached = 1 << 40

    /// The field of a `width`×`height` grid whose marked pixels are `marked[y * width + x]`.
    init(width: Int, height: Int, marked: [Bool]) {
        precondition(marked.count == width * height, "one mark a pixel")
        self.width = width
        self.height = height
        squared = marked.map { $0 ? 0 : Self.unreached }
        guard width > 0, height > 0 else { return }
        var line = [Int](repeating: 0, count: max(width, height))
        var out = line
        var scratch = Envelope(count: max(width, height))
        for x in 0..<width {
            for y in 0..<height { line[y] = squared[y * width + x] }
            scratch.transform(line, count: height, into: &out)
            for y in 0..<height { squared[y * width + x] = out[y] }
        }
        for y in 0..<height {
            let row = y * width
            for x in 0..<width { line[x] = squared[row + x] }
            scratch.transform(line, count: width, into: &out)
            for x in 0..<width { squared[row + x] = out[x] }
        }
    }

    /// The squared distance at pixel (x, y) of the grid.
    subscript(x: Int, y: Int) -> Int { squared[y * width + x] }

    /// The one-dimensional transform's working memory: the parabolas of the lower envelope.
    struct Envelope {
        var vertex: [Int]
        var boundary: [Double]

        init(count: Int) {
            vertex = [Int](repeating: 0, count: count)
            boundary = [Double](repeating: 0, count: count + 1)
        }

        /// out[q] = min over p of (q − p)² + f[p], for q in 0..<count.
        mutating func transform(_ f: [Int], count n: Int, into out: inout [Int]) {
            guard n > 0 else { return }
            // Where the parabola from q meets the one from v (never -infinity: f is finite).
            func meet(_ q: Int, _ v: Int) -> Double {
                Double((f[q] + q * q) - (f[v] + v * v)) / Double(2 * (q - v))
            }
            var k = 0
            vertex[0] = 0
            boundary[0] = -.infinity
            boundary[1] = .infinity
            for q in 1..<max(n, 1) {
                var s = meet(q, vertex[k])
                while s <= boundary[k] {
                    k -= 1
                    s = meet(q, vertex[k])
                }
                k += 1
                vertex[k] = q
                boundary[k] = s
                boundary[k + 1] = .infinity
            }
            k = 0
            for q in 0..<n {
                while boundary[k + 1] < Double(q) { k += 1 }
                let v = vertex[k]
                out[q] = min(Self.cap, (q - v) * (q - v) + f[v])
            }
        }

        /// Distances from `unreached` stay `unreached`.
        static let cap = DistanceField.unreached
    }
}
