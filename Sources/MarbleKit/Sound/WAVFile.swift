/// RIFF/WAVE files of 16-bit little-endian PCM: what `marble replay --wav` writes.
public enum WAVFile {
    /// The 44-byte header for `frames` frames of `channels` 16-bit samples at `sampleRate`.
    public static func header(frames: Int, channels: Int = 2, sampleRate: Int = Synthesizer.sampleRate) -> [UInt8] {
        let blockAlign = channels * 2
        let dataBytes = UInt32(clamping: frames * blockAlign)
        var w = ByteWriter(capacity: 44)
        w.raw(Array("RIFF".utf8))
        w.u32(dataBytes &+ 36)
        w.raw(Array("WAVE".utf8))
        w.raw(Array("fmt ".utf8))
        w.u32(16)                                   // the PCM format chunk's size
        w.u16(1)                                    // PCM
        w.u16(UInt16(channels))
        w.u32(UInt32(sampleRate))
        w.u32(UInt32(sampleRate * blockAlign))      // bytes per second
        w.u16(UInt16(blockAlign))
        w.u16(16)                                   // bits per sample
        w.raw(Array("data".utf8))
        w.u32(dataBytes)
        return w.bytes
    }

    /// A whole file: the header, then the interleaved samples, little-endian.
    public static func encode(_ samples: [Int16], channels: Int = 2, sampleRate: Int = Synthesizer.sampleRate) -> [UInt8] {
        var bytes = header(frames: samples.count / channels, channels: channels, sampleRate: sampleRate)
        bytes.reserveCapacity(44 + samples.count * 2)
        if UInt16(1).littleEndian == 1 {
            // A little-endian machine holds the samples as the file wants them: one copy.
            samples.withUnsafeBytes { bytes.append(contentsOf: $0) }
        } else {
            for v in samples {
                let u = UInt16(bitPattern: v)
                bytes.append(UInt8(truncatingIfNeeded: u))
                bytes.append(UInt8(truncatingIfNeeded: u >> 8))
            }
        }
        return bytes
    }
}
