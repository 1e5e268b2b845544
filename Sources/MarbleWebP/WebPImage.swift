import CWebP

/// A still WebP picture decoded to RGBA8, through libwebp.
///
/// An animated WebP gives its first frame, composed on its canvas as a browser shows it
/// first: a sticker or an animation dropped in as a picture to paint over is still a picture.
public struct WebPImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// RGBA8, rows top to bottom, no padding.
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// A WebP's size as its header says (an animation's canvas), without decoding a pixel.
    public static func size(of bytes: [UInt8]) throws(WebPError) -> (width: Int, height: Int) {
        let features = try self.features(bytes)
        return (Int(features.width), Int(features.height))
    }

    /// Decodes a WebP's bytes (a still picture, or an animation's first frame) to RGBA8.
    ///
    /// The size is read from the header first: a picture of more than `maxPixels` is refused
    /// before anything is allocated for it.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = 100_000_000) throws(WebPError) -> WebPImage {
        let features = try self.features(bytes)
        let w = Int(features.width), h = Int(features.height)
        guard w > 0, h > 0 else { throw WebPError("a WebP cannot be \(w)×\(h)") }
        guard w * h <= maxPixels else { throw WebPError("a \(w)×\(h) WebP is over the limit of \(maxPixels) pixels") }
        if features.has_animation != 0 { return try firstFrame(bytes, width: w, height: h) }
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw WebPError("libwebp's decoder does not match its headers") }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        // The advanced API, for its status code (the simple one says only that it failed).
        let status = bytes.withUnsafeBufferPointer { src in
            rgba.withUnsafeMutableBufferPointer { dst in
                config.output.colorspace = MODE_RGBA
                config.output.is_external_memory = 1
                config.output.u.RGBA = WebPRGBABuffer(rgba: dst.baseAddress, stride: Int32(w * 4), size: dst.count)
                return WebPDecode(src.baseAddress, src.count, &config)
            }
        }
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { throw WebPError("damaged WebP (\(describe(status)))") }
        return WebPImage(width: w, height: h, rgba: rgba)
    }

    /// What the header says: size, alpha, animation.
    static func features(_ bytes: [UInt8]) throws(WebPError) -> WebPBitstreamFeatures {
        guard !bytes.isEmpty else { throw WebPError("an empty file is not a WebP") }
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else { throw WebPError("not a readable WebP (\(describe(status)))") }
        return features
    }

    /// An animation's first frame, whole, through libwebp's animation decoder.
    static func firstFrame(_ bytes: [UInt8], width: Int, height: Int) throws(WebPError) -> WebPImage {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw WebPError("libwebp's decoder does not match its headers") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        return try bytes.withUnsafeBufferPointer { buf throws(WebPError) -> WebPImage in
            var data = WebPData(bytes: buf.baseAddress, size: buf.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw WebPError("damaged animated WebP: its frames are unreadable") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == width, Int(info.canvas_height) == height else {
                throw WebPError("damaged animated WebP: its canvas is not the \(width)×\(height) its header says")
            }
            var pixels: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderHasMoreFrames(decoder) != 0, WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                throw WebPError("damaged animated WebP: its first frame is unreadable")
            }
            return WebPImage(width: width, height: height, rgba: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
        }
    }

    static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
        case VP8_STATUS_NOT_ENOUGH_DATA: "truncated"
        default: "error \(status.rawValue)"
        }
    }
}
