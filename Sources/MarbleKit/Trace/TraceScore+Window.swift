/// The part of the canvas a score looks at, and the ink in it.
///
/// This file borrows the canvas's bytes (`withPixelBytes`) to read its pixels as words.
struct ScoreWindow {
    let x0: Int, y0: Int, width: Int, height: Int
    let canvasWidth: Int, canvasHeight: Int

    /// The guide's bounding box widened by `margin` px, within the canvas.
    init(_ guide: TraceGuide, canvas: Canvas, margin: Double) {
        let b = guide.bounds
        let left = max(0, Int(Maths.floor(b.x0 - margin)))
        let top = max(0, Int(Maths.floor(b.y0 - margin)))
        let right = min(canvas.width, Int(Maths.ceil(b.x1 + margin)) + 1)
        let bottom = min(canvas.height, Int(Maths.ceil(b.y1 + margin)) + 1)
        x0 = left
        y0 = top
        width = max(0, right - left)
        height = max(0, bottom - top)
        canvasWidth = canvas.width
        canvasHeight = canvas.height
    }

    /// The index in the window of the pixel holding canvas point `p`, if it is in the window.
    func index(of p: Vec2) -> Int? {
        guard p.isFinite else { return nil }
        let x = Int(Maths.floor(p.x)) - x0, y = Int(Maths.floor(p.y)) - y0
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return y * width + x
    }

    /// The ink inside the window, pixel by pixel, and how many ink pixels the whole canvas has.
    func ink(of canvas: Canvas) -> (marked: [Bool], total: Int) {
        var marked = [Bool](repeating: false, count: width * height)
        let background = canvas.background.packed
        var total = 0
        canvas.withPixelBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            for y in 0..<canvasHeight {
                let row = y * canvasWidth
                let inRows = y >= y0 && y < y0 + height
                for x in 0..<canvasWidth where pixels[row + x] != background {
                    total += 1
                    if inRows && x >= x0 && x < x0 + width { marked[(y - y0) * width + (x - x0)] = true }
                }
            }
        }
        return (marked, total)
    }
}
