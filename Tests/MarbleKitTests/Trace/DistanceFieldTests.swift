import Testing
@testable import MarbleKit

/// The distance transform against brute force: exact squared distances between pixel centres.
@Suite("Distance field")
struct DistanceFieldTests {
    @Test("equals the brute-force nearest mark on random grids", arguments: [(1, 1), (7, 1), (1, 9), (23, 17), (40, 31)])
    func bruteForce(_ size: (Int, Int)) {
        let (w, h) = size
        var rng = SplitMix64(seed: UInt64(w * 100 + h))
        for density in [0.0, 0.01, 0.1, 0.5] {
            let marks = (0..<(w * h)).map { _ in Double.random(in: 0..<1, using: &rng) < density }
            let field = DistanceField(width: w, height: h, marked: marks)
            for y in 0..<h {
                for x in 0..<w {
                    var best = DistanceField.unreached
                    for j in 0..<h { for i in 0..<w where marks[j * w + i] { best = min(best, (i - x) * (i - x) + (j - y) * (j - y)) } }
                    #expect(field[x, y] == best, "\(w)x\(h) at (\(x), \(y))")
                }
            }
        }
    }

    @Test("one mark: the squared distance grows as x² + y²")
    func oneMark() {
        var marks = [Bool](repeating: false, count: 100 * 60)
        marks[30 * 100 + 50] = true
        let field = DistanceField(width: 100, height: 60, marked: marks)
        #expect(field[50, 30] == 0)
        #expect(field[53, 34] == 25)
        #expect(field[0, 0] == 50 * 50 + 30 * 30)
    }
}
