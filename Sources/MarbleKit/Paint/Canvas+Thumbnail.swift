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
        let tw = max(1, Int(Maths.round(Double(width) * scale))), th = max(1, Int(Maths.round(Double(height) * scale)))
        // The same area average as the time-lapse's frames and the boards (AreaAverage.swift).
        return Picture(width: tw, height: th, pixels: areaAverage(src, width: width, height: height, toWidth: tw, height: th))
    }
}
