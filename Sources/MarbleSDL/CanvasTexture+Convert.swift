import CSDL2

/// The canvas's RGBA32 rows converted into the window's own 32-bit format by a loop of our
/// own, for the two formats windows have here (XRGB8888 under X11 and the dummy driver,
/// ARGB8888), byte for byte as SDL converts them; `SDL_ConvertPixels` for any other.
///
/// `SDL_ConvertPixels` sets up a blit for every call (two surfaces' formats, a blit map, the
/// blitter's choice, a malloc): for the few hundred pixels a marble paints in a frame that was
/// most of the upload, and each marble's area is a call of its own.
enum RowConversion {
    /// Converts `width` × `height` RGBA32 pixels at `source` (rows `sourcePitch` bytes apart)
    /// into `format` at `target` (rows `targetPitch` bytes apart); false (nothing written) when
    /// `format` is not one of the two.
    static func convert(width: Int, height: Int, from source: UnsafeRawPointer, pitch sourcePitch: Int,
                        to target: UnsafeMutableRawPointer, pitch targetPitch: Int, format: UInt32) -> Bool {
        #if _endian(little)
        // RGBA32 is the bytes R, G, B, A: the 32-bit value A B G R. ARGB8888 is the value
        // A R G B; XRGB8888 is R G B below a byte SDL leaves as it was (so does this).
        let rgb: (UInt32) -> UInt32 = { p in p & 0x0000_FF00 | (p & 0xFF) << 16 | (p >> 16) & 0xFF }
        switch format {
        case SDL_PIXELFORMAT_RGB888.rawValue:
            for y in 0..<height {
                let from = (source + y * sourcePitch).assumingMemoryBound(to: UInt32.self)
                let to = (target + y * targetPitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { to[x] = to[x] & 0xFF00_0000 | rgb(from[x]) }
            }
        case SDL_PIXELFORMAT_ARGB8888.rawValue:
            for y in 0..<height {
                let from = (source + y * sourcePitch).assumingMemoryBound(to: UInt32.self)
                let to = (target + y * targetPitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { to[x] = from[x] & 0xFF00_0000 | rgb(from[x]) }
            }
        default:
            return false
        }
        return true
        #else
        return false
        #endif
    }
}
