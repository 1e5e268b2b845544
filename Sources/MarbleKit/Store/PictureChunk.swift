/// A drawing carried inside an ordinary PNG, as Tux Paint does: a private chunk before IEND.
///
/// The chunk is `mrBL`: ancillary (viewers skip it), private, and unsafe to copy (an editor
/// that changes the picture drops it, since it would no longer match). Its data is the
/// drawing's journal, with its own magic, version and checksums. libpng's simplified API
/// cannot write extra chunks, so this splices one into the encoded bytes.
public enum PictureChunk {
    static let type = Array("mrBL".utf8)
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Why a picture could not give back a drawing.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case notPNG
        case noDrawing
        case damaged(String)

        public var description: String {
            switch self {
            case .notPNG: return "is not a PNG picture"
            case .noDrawing: return "is a picture without a marble drawing in it (only pictures exported by marble can be continued)"
            case .damaged(let why): return "the drawing in this picture is damaged: \(why)"
            }
        }
    }

    /// The PNG with `drawing` added in an `mrBL` chunk just before IEND.
    public static func embed(_ drawing: [UInt8], in png: [UInt8]) throws(Problem) -> [UInt8] {
        let chunks = try walk(png)
        guard let iend = chunks.last(where: { $0.type == Array("IEND".utf8) }) else { throw .notPNG }
        var chunk = ByteWriter(capacity: drawing.count + 12)
        withUnsafeBytes(of: UInt32(drawing.count).bigEndian) { chunk.raw($0) }
        chunk.raw(type)
        chunk.raw(drawing)
        let crc = CRC32.checksum(Array(chunk.bytes[4...]))
        withUnsafeBytes(of: crc.bigEndian) { chunk.raw($0) }
        return Array(png[..<iend.start]) + chunk.bytes + Array(png[iend.start...])
    }

    /// The drawing a PNG carries.
    public static func extract(from png: [UInt8]) throws(Problem) -> [UInt8] {
        let found = try extractRecovering(from: png)
        if let damage = found.damage { throw .damaged(damage) }
        return found.drawing
    }

    /// The drawing a PNG carries, or as much of it as is there when the picture is cut short or
    /// its chunk fails its checksum (the journal's own record checksums then tell what is good).
    public static func extractRecovering(from png: [UInt8]) throws(Problem) -> (drawing: [UInt8], damage: String?) {
        for c in try walk(png) where c.type == type {
            let crcAt = c.start + 8 + c.length
            guard crcAt + 4 <= png.count else {
                return (Array(png[min(c.start + 8, png.count)...]), "the picture is cut short inside the drawing")
            }
            let stored = UInt32(png[crcAt]) << 24 | UInt32(png[crcAt + 1]) << 16 | UInt32(png[crcAt + 2]) << 8 | UInt32(png[crcAt + 3])
            let data = Array(png[(c.start + 8)..<crcAt])
            guard CRC32.checksum(Array(png[(c.start + 4)..<crcAt])) == stored else {
                return (data, "the drawing's chunk fails its checksum")
            }
            return (data, nil)
        }
        throw .noDrawing
    }

    private struct Chunk {
        var start: Int
        var length: Int
        var type: [UInt8]
    }

    /// The chunks of a PNG, by their lengths; the last may run past the end (a cut picture).
    private static func walk(_ png: [UInt8]) throws(Problem) -> [Chunk] {
        guard png.count >= 8, Array(png[0..<8]) == signature else { throw .notPNG }
        var out: [Chunk] = []
        var at = 8
        while at + 8 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            out.append(Chunk(start: at, length: length, type: Array(png[(at + 4)..<(at + 8)])))
            guard length <= png.count - at - 12 else { break }
            at += 12 + length
        }
        return out
    }
}
