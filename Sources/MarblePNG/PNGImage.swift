import CLibPNG

/// An RGBA8 picture to or from PNG bytes, through libpng's simplified API.
///
/// The simplified API reports errors in `png_image.message` and never longjmps into Swift.
public struct PNGImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// RGBA8, rows top to bottom, no padding.
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

/// What went wrong with a PNG.
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension PNGImage {
    /// Encodes RGBA8 pixels as PNG bytes.
    public static func encode(rgba: UnsafeRawBufferPointer, width: Int, height: Int) throws(PNGError) -> [UInt8] {
        guard width > 0, height > 0, rgba.count == width * height * 4, let base = rgba.baseAddress else {
            throw PNGError("cannot encode a \(width)×\(height) picture from \(rgba.count) bytes")
        }
        var image = png_image()
        image.version = png_uint_32(marble_png_image_version)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(marble_png_format_rgba)
        // Drawings are mostly flat paper: fast compression is nearly as small and much quicker.
        image.flags = png_uint_32(marble_png_image_flag_fast)
        var size: Int = 0
        guard png_image_write_to_memory(&image, nil, &size, 0, base, 0, nil) != 0, size > 0 else {
            let why = Self.message(of: &image)
            png_image_free(&image)
            throw PNGError("PNG encoding failed: \(why)")
        }
        var out = [UInt8](repeating: 0, count: size)
        let ok = out.withUnsafeMutableBytes { dst in
            png_image_write_to_memory(&image, dst.baseAddress, &size, 0, base, 0, nil)
        }
        guard ok != 0 else {
            let why = Self.message(of: &image)
            png_image_free(&image)
            throw PNGError("PNG encoding failed: \(why)")
        }
        out.removeSubrange(size...)
        return out
    }

    /// A PNG's size as its header (IHDR) says, without decoding a pixel.
    public static func size(of bytes: [UInt8]) throws(PNGError) -> (width: Int, height: Int) {
        var image = png_image()
        try begin(&image, bytes)
        png_image_free(&image)
        return (Int(image.width), Int(image.height))
    }

    /// Decodes PNG bytes of any colour type into RGBA8.
    ///
    /// The size is read from the header first: a picture of more than `maxPixels` (or wider or
    /// taller than 32768) is refused before anything is allocated for it, so a few bytes that
    /// claim a huge picture cost nothing.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = 100_000_000) throws(PNGError) -> PNGImage {
        var image = png_image()
        try begin(&image, bytes)
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else {
            png_image_free(&image)
            throw PNGError("PNG size \(width)×\(height) is out of range")
        }
        guard width * height <= maxPixels else {
            png_image_free(&image)
            throw PNGError("a \(width)×\(height) PNG is over the limit of \(maxPixels) pixels")
        }
        image.format = png_uint_32(marble_png_format_rgba)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let done = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard done != 0 else {
            let why = Self.message(of: &image)
            png_image_free(&image)
            throw PNGError("damaged PNG: \(why)")
        }
        return PNGImage(width: width, height: height, rgba: rgba)
    }

    /// Starts `image` reading `bytes`: the header (IHDR and the chunks before the pixels) read.
    ///
    /// In place, never a copy returned: libpng keeps `image`'s address for its error messages.
    private static func begin(_ image: inout png_image, _ bytes: [UInt8]) throws(PNGError) {
        guard !bytes.isEmpty else { throw PNGError("an empty file is not a PNG") }
        image.version = png_uint_32(marble_png_image_version)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else {
            let why = Self.message(of: &image)
            png_image_free(&image)
            throw PNGError("not a readable PNG: \(why)")
        }
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
