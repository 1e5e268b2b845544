import CWebP

/// An animated WebP read back: its frames as whole pictures and how long each is shown.
///
/// Through libwebp's animation decoder, which composes each frame over the ones before it as
/// a browser does; the tests read time-lapses with it.
public struct WebPAnimation: Sendable {
    public var width: Int
    public var height: Int
    /// How often it plays (0: forever).
    public var loopCount: Int
    /// Every frame, whole (RGBA8, rows top to bottom), in order.
    public var frames: [Frame]

    /// One frame: the picture shown and for how long.
    public struct Frame: Sendable {
        public var rgba: [UInt8]
        public var milliseconds: Int
    }

    /// The total time of one play, in ms.
    public var milliseconds: Int { frames.reduce(0) { $0 + $1.milliseconds } }

    /// Decodes an animated (or still) WebP's bytes.
    public static func decode(_ bytes: [UInt8]) throws(WebPError) -> WebPAnimation {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw WebPError("libwebp's decoder does not match its headers") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        return try bytes.withUnsafeBufferPointer { buf throws(WebPError) -> WebPAnimation in
            var data = WebPData(bytes: buf.baseAddress, size: buf.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw WebPError("not a readable WebP") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw WebPError("the WebP's header is unreadable") }
            let w = Int(info.canvas_width), h = Int(info.canvas_height)
            var frames: [Frame] = []
            var last: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                    throw WebPError("frame \(frames.count + 1) is damaged")
                }
                frames.append(Frame(rgba: Array(UnsafeBufferPointer(start: pixels, count: w * h * 4)),
                                    milliseconds: Int(timestamp - last)))
                last = timestamp
            }
            return WebPAnimation(width: w, height: h, loopCount: Int(info.loop_count), frames: frames)
        }
    }
}
