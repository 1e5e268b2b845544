import Foundation
@testable import MarbleKit

/// Helpers every fuzz target shares: the input as bytes, several files in one input, checksums
/// put right so mutations reach the decoders behind them.
enum FuzzInput {
    /// The input as an array.
    static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Stops the run with `message`: libFuzzer saves the input as a crash.
    static func fail(_ message: String) -> Never {
        fatalError("fuzz check failed: \(message)")
    }

    /// The marker that opens each file of a several-file input: `\n@@@ NAME\n`.
    ///
    /// An importer reads a folder of files; one input holds them all, each after a marker line
    /// naming it (the seeds are real exports joined this way, `Fuzz/make-seeds.sh`).
    static let fileMarker = Array("@@@ ".utf8)

    /// The files of a several-file input, as (name, bytes); bytes before the first marker are
    /// ignored.
    static func files(_ bytes: [UInt8]) -> [(name: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        var i = 0
        var current: (name: String, start: Int)?
        func isMarker(_ at: Int) -> Bool {
            (at == 0 || bytes[at - 1] == 0x0A) && at + fileMarker.count <= bytes.count
                && bytes[at..<(at + fileMarker.count)].elementsEqual(fileMarker)
        }
        while i < bytes.count {
            if isMarker(i) {
                if let c = current { out.append((c.name, Array(bytes[c.start..<max(c.start, i - 1)]))) }
                var end = i + fileMarker.count
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                let name = String(decoding: bytes[(i + fileMarker.count)..<end], as: UTF8.self)
                current = (name, min(end + 1, bytes.count))
                i = end + 1
            } else {
                i += 1
            }
        }
        if let c = current { out.append((c.name, Array(bytes[c.start...]))) }
        return out
    }

    /// The journal with every record's CRC put right, walking records by their lengths.
    ///
    /// Without this nearly every mutation fails a checksum and the decoders behind it never
    /// see the mutated bytes.
    static func fixJournalChecksums(_ bytes: [UInt8]) -> [UInt8] {
        var b = bytes
        var at = Journal.headerSize
        while at + 9 <= b.count {
            let length = Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24
            guard length <= b.count - at - 9 else { break }
            let crcAt = at + 5 + length
            let crc = CRC32.checksum(Array(b[at..<crcAt]))
            for k in 0..<4 { b[crcAt + k] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(k))) }
            at = crcAt + 4
        }
        return b
    }

    /// Writes `value` little-endian into `bytes` at `offset`.
    static func patch<T: FixedWidthInteger>(_ bytes: inout [UInt8], _ value: T, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { for (k, x) in $0.enumerated() { bytes[offset + k] = x } }
    }

    /// A folder of its own under the system's temporary folder, for targets that need files.
    static func scratchFolder(_ name: String) -> String {
        var template = Array((NSTemporaryDirectory() + "/marble-fuzz-\(name)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fail("cannot make a scratch folder") }
        return String(cString: made)
    }

    /// Whether every ball sits on the board: its centre within the walls (or the centre when
    /// the ball is wider than the board) and finite.
    static func ballIsOnBoard(_ session: DrawingSession) -> Bool {
        let c = session.configuration
        return session.marbles.allSatisfy { m in
            let p = m.ball.position, v = m.ball.velocity
            guard p.isFinite, v.isFinite else { return false }
            let r = c.parameters.ballRadius
            let slack = 1e-6
            let xOK = p.x >= min(r, Double(c.canvasWidth) / 2) - slack && p.x <= max(Double(c.canvasWidth) - r, Double(c.canvasWidth) / 2) + slack
            let yOK = p.y >= min(r, Double(c.canvasHeight) / 2) - slack && p.y <= max(Double(c.canvasHeight) - r, Double(c.canvasHeight) / 2) + slack
            return xOK && yOK
        }
    }
}
