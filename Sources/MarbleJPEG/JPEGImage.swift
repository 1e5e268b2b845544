import CTurboJPEG

/// A JPEG photo decoded to upright RGBA8, through libjpeg-turbo's TurboJPEG API.
///
/// Upright: the EXIF orientation is applied, so a phone's portrait photo stands as it was
/// taken. The size is checked from the header before anything is decoded, and a size hint
/// decodes at a smaller scale (7/8 down to 1/8) straight out of the DCT when that is still big
/// enough: a 12 MP photo for a 1280×800 canvas at 3/8, in about half the time and a seventh of
/// the memory.
public struct JPEGImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// RGBA8 (alpha 255), rows top to bottom, no padding.
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// What a JPEG's header says: its stored size and its EXIF orientation.
    public struct Header: Equatable, Sendable {
        /// The stored size, before the orientation turns it.
        public var width: Int
        public var height: Int
        public var orientation: ExifOrientation
        /// The size standing upright (width and height swapped for orientations 5…8).
        public var upright: (width: Int, height: Int) {
            orientation.swapsSides ? (height, width) : (width, height)
        }
    }

    /// The decoding flags: a progressive JPEG of more than 500 scans (a decompression bomb:
    /// each scan a few bytes, each a pass over the whole picture) is refused. Warnings do not
    /// stop the decoder: which are damage is decided after (`isHarmless`).
    static let flags = TJFLAG_LIMITSCANS

    /// Whether a warning the decoder finished with leaves the picture whole: stray bytes before
    /// a marker, which cameras and editors write ("Corrupt JPEG data: 2 extraneous bytes before
    /// marker 0xd9"). Anything else (a truncated file: "Premature end of JPEG file"; missing
    /// data) would show grey blocks, and is damage.
    static func isHarmless(_ warning: String) -> Bool {
        warning.contains("extraneous bytes before marker")
    }

    /// Reads a JPEG's header: its size and orientation, without decoding a pixel.
    public static func header(_ bytes: [UInt8]) throws(JPEGError) -> Header {
        let decoder = try Decoder()
        defer { tjDestroy(decoder.handle) }
        return try decoder.header(bytes)
    }

    /// Decodes JPEG bytes to upright RGBA8.
    ///
    /// - Parameters:
    ///   - atLeast: the size the picture is wanted at, at least (upright). The smallest of
    ///     TurboJPEG's DCT scales (down to 1/8) that still gives at least this in both sides is
    ///     used; nil, or a hint bigger than the picture, decodes at full size. Never scaled up.
    ///   - maxPixels: a picture whose header claims more pixels is refused before decoding.
    /// - Throws: `JPEGError` when the bytes are not a JPEG, are damaged or truncated, or the
    ///   picture is over `maxPixels`.
    public static func decode(_ bytes: [UInt8], atLeast: (width: Int, height: Int)? = nil,
                              maxPixels: Int = 100_000_000) throws(JPEGError) -> JPEGImage {
        let decoder = try Decoder()
        defer { tjDestroy(decoder.handle) }
        let header = try decoder.header(bytes)
        guard header.width * header.height <= maxPixels else {
            throw JPEGError("a \(header.width)×\(header.height) JPEG is over the limit of \(maxPixels) pixels")
        }
        let (num, denom) = scale(for: header, atLeast: atLeast)
        let w = (header.width * num + denom - 1) / denom, h = (header.height * num + denom - 1) / denom
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let status = bytes.withUnsafeBufferPointer { src in
            rgba.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(decoder.handle, src.baseAddress, UInt(src.count), dst.baseAddress,
                              Int32(w), 0, Int32(h), Int32(TJPF_RGBA.rawValue), flags)
            }
        }
        if status != 0 {
            // A warning (TJERR_WARNING) leaves a whole picture only when it is a harmless one.
            let message = decoder.message
            guard tjGetErrorCode(decoder.handle) == Int32(TJERR_WARNING.rawValue), isHarmless(message) else {
                throw JPEGError("damaged JPEG: \(message)")
            }
        }
        let upright = header.orientation.standUp(rgba, width: w, height: h)
        return JPEGImage(width: upright.width, height: upright.height, rgba: upright.rgba)
    }

    /// The smallest of TurboJPEG's scaling factors, at most 1, whose result is at least
    /// `atLeast` standing upright; 1/1 when there is no hint or none is big enough.
    static func scale(for header: Header, atLeast: (width: Int, height: Int)?) -> (num: Int, denom: Int) {
        guard let atLeast else { return (1, 1) }
        // The hint is upright; the factor applies to the stored sides.
        let (needW, needH) = header.orientation.swapsSides ? (atLeast.height, atLeast.width) : (atLeast.width, atLeast.height)
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count), count > 0 else { return (1, 1) }
        var best = (num: 1, denom: 1)
        for f in UnsafeBufferPointer(start: factors, count: Int(count)) {
            let num = Int(f.num), denom = Int(f.denom)
            guard num > 0, denom > 0, num <= denom, num * best.denom < best.num * denom else { continue }
            let w = (header.width * num + denom - 1) / denom, h = (header.height * num + denom - 1) / denom
            if w >= needW && h >= needH { best = (num, denom) }
        }
        return best
    }

    /// One TurboJPEG decompressor; destroyed by its user (`tjDestroy`).
    struct Decoder {
        let handle: tjhandle

        init() throws(JPEGError) {
            guard let handle = tjInitDecompress() else { throw JPEGError("libjpeg-turbo could not start a decoder") }
            self.handle = handle
        }

        var message: String { tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error" }

        func header(_ bytes: [UInt8]) throws(JPEGError) -> Header {
            guard !bytes.isEmpty else { throw JPEGError("an empty file is not a JPEG") }
            var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            let status = bytes.withUnsafeBufferPointer {
                tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace)
            }
            guard status == 0 else { throw JPEGError("not a readable JPEG: \(message)") }
            guard w > 0, h > 0 else { throw JPEGError("a JPEG cannot be \(w)×\(h)") }
            return Header(width: Int(w), height: Int(h), orientation: .of(jpeg: bytes))
        }
    }
}
