import CWebP
import Dispatch
import Foundation

/// Writes an animated WebP, frame by frame, through libwebp: lossless unless given a quality.
///
/// Each frame is encoded as the rectangle that changed since the frame before (the whole
/// picture for the first), with the pixels in it that did not change transparent, blended over
/// it; the frames are put together with libwebp's muxer. Frames must be opaque. Why not `WebPAnimEncoder`: it merges a frame that did not change into
/// the one before, and a time-lapse must keep one frame per moment (a pause in the drawing is
/// still frames, not fewer); and with each frame's rectangle known up front the frames encode
/// on every core at once.
public final class WebPAnimationWriter {
    public let width: Int
    public let height: Int
    /// nil: lossless (every pixel exact); else lossy at this quality, 0…100.
    public let quality: Float?

    private var previous: [UInt8]?
    private var durations: [Int] = []
    private let results = Results()
    private let group = DispatchGroup()
    private let queue = DispatchQueue(label: "marble.webp", attributes: .concurrent)
    // At most this many frames wait or encode at once: memory stays a few frames' worth.
    private let slots: DispatchSemaphore
    // No encoding threads: `add` encodes the frame itself.
    private let inline: Bool

    private struct Encoded {
        var bytes: [UInt8]
        var x: Int
        var y: Int
    }

    // The encoded frames, filled in by the encoding threads.
    private final class Results: @unchecked Sendable {
        let lock = NSLock()
        var frames: [Int: Encoded] = [:]
        var failure: WebPError?
    }

    /// A writer for `width`×`height` frames, encoding on `threads` threads; 0 encodes each
    /// frame in `add`, on the caller's thread (the window's film: a core left for the frame loop).
    ///
    /// - Throws: `WebPError` when the size is not one WebP can hold (1…16383) or the quality is
    ///   outside 0…100.
    public init(width: Int, height: Int, quality: Float? = nil, threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws(WebPError) {
        guard (1...16383).contains(width), (1...16383).contains(height) else {
            throw WebPError("a WebP cannot be \(width)×\(height)")
        }
        if let quality, !(0...100).contains(quality) { throw WebPError("quality \(quality) is not within 0–100") }
        self.width = width
        self.height = height
        self.quality = quality
        slots = DispatchSemaphore(value: max(1, threads) * 2)
        inline = threads <= 0
    }

    /// Adds a frame shown for `milliseconds`: RGBA8 `width`×`height`, rows top to bottom.
    public func add(rgba: [UInt8], milliseconds: Int) throws(WebPError) {
        guard rgba.count == width * height * 4 else {
            throw WebPError("a frame of \(rgba.count) bytes is not \(width)×\(height) RGBA")
        }
        let results = self.results
        if let failure = results.lock.withLock({ results.failure }) { throw failure }
        // Only what changed is drawn: the rectangle around it, the pixels in it that did not
        // change left transparent, so the frame before shows through them when blended.
        let (rect, patch) = previous.map { Self.patch(rgba, over: $0, width: width, height: height) }
            ?? ((0, 0, width, height), rgba)
        previous = rgba
        let index = durations.count
        durations.append(max(1, milliseconds))
        let q = quality
        let encode: @Sendable () -> Void = {
            let result = Result { () throws(WebPError) in try Self.encode(patch, width: rect.2, height: rect.3, quality: q) }
            results.lock.withLock {
                switch result {
                case .success(let bytes): results.frames[index] = Encoded(bytes: bytes, x: rect.0, y: rect.1)
                case .failure(let error): results.failure = results.failure ?? error
                }
            }
        }
        if inline {
            encode()
            if let failure = results.lock.withLock({ results.failure }) { throw failure }
            return
        }
        slots.wait()
        group.enter()
        let (slots, group) = (slots, group)
        queue.async {
            defer { slots.signal(); group.leave() }
            encode()
        }
    }

    /// The animated WebP of every frame added, looping forever.
    public func finish() throws(WebPError) -> [UInt8] {
        group.wait()
        let (frames, failure) = results.lock.withLock { (results.frames, results.failure) }
        if let failure { throw failure }
        guard !durations.isEmpty else { throw WebPError("an animation needs at least one frame") }
        guard let mux = WebPMuxNew() else { throw WebPError("libwebp could not make a muxer") }
        defer { WebPMuxDelete(mux) }
        guard WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)) == WEBP_MUX_OK else {
            throw WebPError("libwebp refused the canvas size \(width)×\(height)")
        }
        var params = WebPMuxAnimParams(bgcolor: 0xFFFF_FFFF, loop_count: 0)
        guard WebPMuxSetAnimationParams(mux, &params) == WEBP_MUX_OK else { throw WebPError("libwebp refused the animation's settings") }
        for (k, duration) in durations.enumerated() {
            guard let frame = frames[k] else { throw WebPError("frame \(k) was not encoded") }
            let status = frame.bytes.withUnsafeBufferPointer { buf -> WebPMuxError in
                var info = WebPMuxFrameInfo()
                info.bitstream = WebPData(bytes: buf.baseAddress, size: buf.count)
                info.x_offset = Int32(frame.x)
                info.y_offset = Int32(frame.y)
                info.duration = Int32(duration)
                info.id = WEBP_CHUNK_ANMF
                info.dispose_method = WEBP_MUX_DISPOSE_NONE
                // Opaque pixels replace, transparent ones keep: each frame is exactly its picture.
                info.blend_method = WEBP_MUX_BLEND
                return WebPMuxPushFrame(mux, &info, 1)
            }
            guard status == WEBP_MUX_OK else { throw WebPError("libwebp refused frame \(k) (error \(status.rawValue))") }
        }
        var data = WebPData()
        guard WebPMuxAssemble(mux, &data) == WEBP_MUX_OK, let bytes = data.bytes else {
            throw WebPError("libwebp could not assemble the animation")
        }
        defer { WebPDataClear(&data) }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    // MARK: - Internals

    /// The smallest rectangle holding every pixel of `a` that differs from `b`, its corner on
    /// even coordinates (WebP stores frame offsets halved), and `a`'s pixels in it with those
    /// that did not change made transparent; a transparent 1×1 when nothing changed.
    ///
    /// Only opaque pictures are diffed this way: a transparent pixel of `a` would be lost.
    static func patch(_ a: [UInt8], over b: [UInt8], width: Int, height: Int) -> ((Int, Int, Int, Int), [UInt8]) {
        var minX = width, minY = height, maxX = -1, maxY = -1
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                let p = pa.bindMemory(to: UInt32.self), q = pb.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    var x = 0
                    while x < width && p[row + x] == q[row + x] { x += 1 }
                    guard x < width else { continue }
                    var last = width - 1
                    while p[row + last] == q[row + last] { last -= 1 }
                    minX = min(minX, x); maxX = max(maxX, last)
                    if minY == height { minY = y }
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return ((0, 0, 1, 1), [0, 0, 0, 0]) }
        let x0 = minX & ~1, y0 = minY & ~1, w = maxX + 1 - x0, h = maxY + 1 - y0
        let out = [UInt32](unsafeUninitializedCapacity: w * h) { dst, done in
            a.withUnsafeBytes { pa in
                b.withUnsafeBytes { pb in
                    let p = pa.bindMemory(to: UInt32.self), q = pb.bindMemory(to: UInt32.self)
                    for y in 0..<h {
                        let src = (y0 + y) * width + x0
                        for x in 0..<w {
                            let v = p[src + x]
                            dst[y * w + x] = v == q[src + x] ? 0 : v
                        }
                    }
                }
            }
            done = w * h
        }
        return ((x0, y0, w, h), out.withUnsafeBytes { Array($0) })
    }

    /// A `width`×`height` RGBA picture as a WebP bitstream.
    static func encode(_ rgba: [UInt8], width: Int, height: Int, quality: Float?) throws(WebPError) -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw WebPError("libwebp's encoder does not match its headers") }
        if let quality {
            config.quality = quality
            config.method = 2
        } else {
            // Lossless, fast: a drawing on flat paper packs well at the lowest effort.
            config.lossless = 1
            config.method = 0
            config.quality = 10
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw WebPError("libwebp's encoder does not match its headers") }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer {
            WebPPictureFree(&picture)
            WebPMemoryWriterClear(&writer)
        }
        let imported = rgba.withUnsafeBufferPointer { buf in
            WebPPictureImportRGBA(&picture, buf.baseAddress!, Int32(width * 4))
        }
        guard imported != 0 else { throw WebPError("libwebp could not take a \(width)×\(height) frame (out of memory?)") }
        let ok = withUnsafeMutablePointer(to: &writer) { w -> Int32 in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(w)
            return WebPEncode(&config, &picture)
        }
        guard ok != 0, let mem = writer.mem else { throw WebPError("WebP encoding failed (error \(picture.error_code.rawValue))") }
        return Array(UnsafeBufferPointer(start: mem, count: writer.size))
    }
}
