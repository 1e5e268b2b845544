/// The picture under the paint: a photo or a colouring page, fitted whole to the canvas.
///
/// A board is canvas-sized and opaque. It is what a new canvas shows, what Clear goes back to
/// and what the eraser wipes back to. It is made once from the decoded picture
/// (`fitting(_:width:height:canvasWidth:canvasHeight:background:kind:)`) and then kept as is:
/// the same board gives the same pixels on every machine, whatever decoded the file.
public struct Board: Equatable, Sendable {
    /// What the picture is: a photo lies under the paint; a colouring page's lines are for
    /// colouring in.
    public enum Kind: UInt8, Sendable, CaseIterable {
        case photo = 0
        case page = 1
    }

    public let width: Int
    public let height: Int
    public let kind: Kind
    /// RGBA8, rows top to bottom, no padding; every alpha 255.
    public let pixels: [UInt8]

    /// A board of these pixels (RGBA8, `width * height * 4` of them); nil for a size no canvas
    /// has or pixels of another count. Alpha is taken as opaque.
    public init?(width: Int, height: Int, kind: Kind, pixels: [UInt8]) {
        guard (1...Canvas.maxSide).contains(width), (1...Canvas.maxSide).contains(height),
              pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.kind = kind
        var p = pixels
        for i in stride(from: 3, to: p.count, by: 4) { p[i] = 255 }
        self.pixels = p
    }

    /// The packed colour of each pixel, as the canvas keeps them.
    var packed: [UInt32] {
        pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    }

    /// The colour of one pixel.
    public func pixel(x: Int, y: Int) -> RGBA8 {
        let i = (y * width + x) * 4
        return RGBA8(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

extension Board {
    /// `picture` (RGBA8, `width`×`height`) fitted whole into a canvas: scaled to the largest size
    /// that fits, centred, the bars on either side in `background`; see-through pixels laid
    /// over the background. Nil for a picture with no pixels or pixels of another count.
    ///
    /// Scaled by the area average (`AreaAverage`, as the thumbnails are): no moiré from a photo
    /// shrunk tenfold, and no blur from a picture shown at its own size; the same picture gives
    /// the same board everywhere.
    public static func fitting(_ picture: [UInt8], width: Int, height: Int, canvasWidth cw: Int, canvasHeight ch: Int,
                               background: RGBA8, kind: Kind) -> Board? {
        guard width > 0, height > 0, picture.count == width * height * 4,
              (1...Canvas.maxSide).contains(cw), (1...Canvas.maxSide).contains(ch) else { return nil }
        let scale = min(Double(cw) / Double(width), Double(ch) / Double(height))
        // Rounded by adding ½ and truncating (positive values): no libm call decides pixels.
        let dw = min(cw, max(1, Int(Double(width) * scale + 0.5))), dh = min(ch, max(1, Int(Double(height) * scale + 0.5)))
        let ox = (cw - dw) / 2, oy = (ch - dh) / 2
        let bg = SIMD4<Double>(Double(background.r), Double(background.g), Double(background.b), 255)

        var out = [UInt8](repeating: 0, count: cw * ch * 4)
        for i in stride(from: 0, to: out.count, by: 4) {
            out[i] = background.r
            out[i + 1] = background.g
            out[i + 2] = background.b
            out[i + 3] = 255
        }
        picture.withUnsafeBufferPointer { src in
            AreaAverage.scale(src, width: width, height: height, toWidth: dw, height: dh) { x, y, sum in
                // Over the background: premultiplied colour plus the background's share.
                let a = min(max(sum.w / 255, 0), 1)
                let i = ((oy + y) * cw + ox + x) * 4
                out[i] = AreaAverage.byte(sum.x + bg.x * (1 - a))
                out[i + 1] = AreaAverage.byte(sum.y + bg.y * (1 - a))
                out[i + 2] = AreaAverage.byte(sum.z + bg.z * (1 - a))
            }
        }
        return Board(width: cw, height: ch, kind: kind, pixels: out)
    }
}
