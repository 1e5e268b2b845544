import MarbleKit
import Testing

/// `QRMatrix`, the code as modules a scene carries: its shape checked, its pixels with the quiet zone.
@Suite("QR matrix")
struct QRMatrixTests {
    @Test("a matrix is size × size modules; anything else is refused")
    func shape() {
        #expect(QRMatrix(size: 2, modules: [true, false, false, true]) != nil)
        #expect(QRMatrix(size: 2, modules: [true, false, false]) == nil)
        #expect(QRMatrix(size: 0, modules: []) == nil)
    }

    @Test("a module is read row by row; outside the square is light")
    func modules() throws {
        let m = try #require(QRMatrix(size: 2, modules: [true, false, false, true]))
        #expect(m.isDark(0, 0) && !m.isDark(1, 0) && !m.isDark(0, 1) && m.isDark(1, 1))
        #expect(!m.isDark(-1, 0) && !m.isDark(2, 1) && !m.isDark(0, 5))
    }

    @Test("its pixels: four light modules of quiet zone round the code, scale pixels a module")
    func pixels() throws {
        let m = try #require(QRMatrix(size: 2, modules: [true, false, false, true]))
        let scale = 3
        let (pixels, width) = m.rgba(scale: scale)
        // (2 + 8) modules a side.
        #expect(width == 30 && pixels.count == 30 * 30 * 4)
        func dark(_ x: Int, _ y: Int) -> Bool { pixels[(y * width + x) * 4] == 0 }
        // The quiet zone's last pixel is light, the first module's first pixel dark, its last too.
        #expect(!dark(11, 11) && dark(12, 12) && dark(14, 14))
        // The light module beside it, and the dark one diagonally across.
        #expect(!dark(15, 12) && dark(15, 15) && dark(17, 17) && !dark(18, 18))
        #expect(pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }, "opaque")
    }
}
