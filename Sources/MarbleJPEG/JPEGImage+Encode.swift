import CTurboJPEG

extension JPEGImage {
    /// Encodes RGBA8 pixels (alpha ignored) as a baseline JPEG, 4:2:0, at `quality` (1…100).
    ///
    /// What a camera writes; the benchmarks make their photos with it.
    public static func encode(rgba: [UInt8], width: Int, height: Int, quality: Int = 90) throws(JPEGError) -> [UInt8] {
        guard width > 0, height > 0, width <= 65535, height <= 65535, rgba.count == width * height * 4 else {
            throw JPEGError("cannot encode a \(width)×\(height) picture from \(rgba.count) bytes")
        }
        guard (1...100).contains(quality) else { throw JPEGError("JPEG quality \(quality) is not within 1–100") }
        guard let handle = tjInitCompress() else { throw JPEGError("libjpeg-turbo could not start an encoder") }
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgba.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue),
                        &out, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        defer { tjFree(out) }
        guard status == 0, let out else {
            throw JPEGError("JPEG encoding failed: \(tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error")")
        }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }
}
