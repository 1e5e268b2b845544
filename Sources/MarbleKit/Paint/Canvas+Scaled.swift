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

    /// RGBA8 `src` (`width`×`height`) at `tw`×`th`, by the area average (`AreaAverage`, as a
    /// board is fitted): each pixel the average of the source pixels it covers.
    static func areaAverage(_ src: UnsafeRawBufferPointer, width: Int, height: Int, toWidth tw: Int, height th: Int) -> [UInt8] {
        AreaAverage.rgba(src, width: width, height: height, toWidth: tw, height: th)
    }
}
