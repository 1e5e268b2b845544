import CTurboJPEG
import CWebP
import MarblePNG
import Testing

/// Real picture files made in the tests, through the same libraries that read them: JPEG by
/// TurboJPEG's compressor, WebP by libwebp's encoder, PNG by MarblePNG's.
enum TestPictures {
    /// A `width`×`height` RGBA8 picture of four flat quadrants: red top left, green top right,
    /// blue bottom left, white bottom right (the colours in `quadrants`, in that order).
    static func quadrants(width: Int, height: Int, colours: [[UInt8]] = quadrantColours) -> [UInt8] {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let q = (y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)
                for c in 0..<3 { rgba[(y * width + x) * 4 + c] = colours[q][c] }
            }
        }
        return rgba
    }

    static let quadrantColours: [[UInt8]] = [[230, 20, 20], [20, 200, 40], [30, 40, 220], [250, 250, 250]]

    /// The pixel at (x, y) of an RGBA8 picture, as RGB.
    static func rgb(_ rgba: [UInt8], width: Int, x: Int, y: Int) -> [UInt8] {
        let at = (y * width + x) * 4
        return Array(rgba[at..<(at + 3)])
    }

    /// Whether `a` is within `tolerance` of `b` in every channel.
    static func near(_ a: [UInt8], _ b: [UInt8], _ tolerance: Int) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    /// RGBA8 as a JPEG made by TurboJPEG's compressor (4:4:4 so quadrant edges stay sharp).
    static func jpeg(_ rgba: [UInt8], width: Int, height: Int, quality: Int32 = 95,
                     subsampling: TJSAMP = TJSAMP_444, progressive: Bool = false) throws -> [UInt8] {
        let handle = try #require(tjInitCompress())
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let flags = progressive ? TJFLAG_PROGRESSIVE : 0
        let status = rgba.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue),
                        &out, &size, Int32(subsampling.rawValue), quality, flags)
        }
        defer { tjFree(out) }
        try #require(status == 0, "tjCompress2: \(String(cString: tjGetErrorStr2(handle)))")
        return Array(UnsafeBufferPointer(start: try #require(out), count: Int(size)))
    }

    /// An APP1 segment of EXIF whose IFD0 holds an image width and then `orientation`.
    static func exifSegment(orientation: Int, bigEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? [0, 0] + u16(v) : u16(v) + [0, 0] }
        var tiff: [UInt8] = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8)
        tiff += u16(2)
        tiff += u16(0x0100) + u16(4) + u32(1) + u32(64)
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)
        tiff += u32(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)] + payload
    }

    /// `jpeg` with `segment` put in: right after the start of image, or after the segment
    /// that follows it (TurboJPEG's JFIF APP0), so the reader walks one first.
    static func inserting(_ segment: [UInt8], into jpeg: [UInt8], afterFirstSegment: Bool = false) -> [UInt8] {
        var at = 2
        if afterFirstSegment { at += 2 + (Int(jpeg[4]) << 8 | Int(jpeg[5])) }
        return Array(jpeg[..<at]) + segment + Array(jpeg[at...])
    }

    /// Where the first marker `marker` (0xFF, `marker`) is in `jpeg`, after the start of image.
    static func find(marker: UInt8, in jpeg: [UInt8]) throws -> Int {
        try #require((2..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == marker })
    }

    /// `jpeg` whose frame header (SOF0 or SOF2) claims `width`×`height`.
    static func jpeg(_ jpeg: [UInt8], claiming width: Int, _ height: Int) throws -> [UInt8] {
        var b = jpeg
        let sof = try (try? find(marker: 0xC0, in: b)) ?? find(marker: 0xC2, in: b)
        b[sof + 5] = UInt8(height >> 8); b[sof + 6] = UInt8(height & 255)
        b[sof + 7] = UInt8(width >> 8); b[sof + 8] = UInt8(width & 255)
        return b
    }

    /// RGBA8 as a WebP made by libwebp's encoder: lossless, or lossy at `quality`.
    static func webp(_ rgba: [UInt8], width: Int, height: Int, quality: Float? = nil) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBufferPointer { buf in
            if let quality { return WebPEncodeRGBA(buf.baseAddress, Int32(width), Int32(height), Int32(width * 4), quality, &out) }
            return WebPEncodeLosslessRGBA(buf.baseAddress, Int32(width), Int32(height), Int32(width * 4), &out)
        }
        defer { WebPFree(out) }
        try #require(size > 0)
        return Array(UnsafeBufferPointer(start: try #require(out), count: size))
    }

    /// RGBA8 as a PNG by MarblePNG's encoder.
    static func png(_ rgba: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        try rgba.withUnsafeBytes { try PNGImage.encode(rgba: $0, width: width, height: height) }
    }

    /// `png` whose header (IHDR) claims `width`×`height`, its CRC put right so only the size is wrong.
    static func png(_ png: [UInt8], claiming width: Int, _ height: Int) -> [UInt8] {
        var b = png
        for k in 0..<4 {
            b[16 + k] = UInt8(truncatingIfNeeded: width >> (24 - 8 * k))
            b[20 + k] = UInt8(truncatingIfNeeded: height >> (24 - 8 * k))
        }
        let crc = crc32(b[12..<29])
        for k in 0..<4 { b[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        return b
    }

    /// PNG's CRC-32 (bitwise; the test pictures are small).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
