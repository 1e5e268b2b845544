/// The picture under the paint as a journal keeps it: a version 5 drawing's second record.
///
/// Layout of its payload: u8 kind (0 photo, 1 page), u8 encoding (0 raw RGBA8, 1 PNG), u32
/// width, u32 height, the 32-byte SHA-256 of the raw pixels, then the encoded bytes (the rest
/// of the record). Raw pixels are 4 MB at 1280×800, so the program keeps it as PNG (its own
/// libpng through `Environment`); without an encoder it is raw. The digest is checked after
/// decoding: whatever decoded the PNG, the board is bit for bit the one painted over.
extension Journal {
    /// A picture record's values, its pixels as stored (decoded by `board(decodePicture:)`).
    struct BoardRecord: Equatable, Sendable {
        /// How the pixels are stored.
        enum Encoding: UInt8, Sendable {
            case raw = 0
            case png = 1
        }

        var kind: Board.Kind
        var encoding: Encoding
        var width: Int
        var height: Int
        /// SHA-256 of the raw RGBA8 pixels.
        var digest: [UInt8]
        /// The pixels, raw or as a PNG file.
        var bytes: [UInt8]

        /// `board` as a record: PNG when `environment` can encode it and decode it back to the
        /// same pixels (checked once here, so the drawing reopens with the same decoder), raw
        /// otherwise, or when the PNG would be no smaller.
        static func make(_ board: Board, environment: Environment) -> BoardRecord {
            var record = BoardRecord(kind: board.kind, encoding: .raw, width: board.width, height: board.height,
                                     digest: board.pixels.withUnsafeBytes { Self.digest($0) }, bytes: board.pixels)
            if let encode = environment.codecs.encodePicture, let decode = environment.codecs.decodePicture,
               let png = try? board.pixels.withUnsafeBytes({ try encode($0, board.width, board.height) }),
               png.count < board.pixels.count,
               let back = try? decode(png), back.width == board.width, back.height == board.height, back.pixels == board.pixels {
                record.encoding = .png
                record.bytes = png
            }
            return record
        }

        func encode(into w: inout ByteWriter) {
            w.u8(kind.rawValue)
            w.u8(encoding.rawValue)
            w.u32(UInt32(width))
            w.u32(UInt32(height))
            w.raw(digest)
            w.raw(bytes)
        }

        /// The record as `encode` writes it (the picture is decoded later, by `board`).
        static func decode(from r: inout ByteReader) throws(DecodeError) -> BoardRecord {
            guard let kind = Board.Kind(rawValue: try r.u8()) else { throw DecodeError("unknown kind of picture") }
            guard let encoding = Encoding(rawValue: try r.u8()) else { throw DecodeError("unknown picture encoding") }
            let width = Int(try r.u32()), height = Int(try r.u32())
            guard (1...Canvas.maxSide).contains(width), (1...Canvas.maxSide).contains(height) else {
                throw DecodeError("impossible picture size \(width)×\(height)")
            }
            let digest = Array(try r.raw(32))
            let bytes = Array(try r.raw(r.remaining))
            if encoding == .raw, bytes.count != width * height * 4 {
                throw DecodeError("a \(width)×\(height) picture of \(bytes.count) bytes")
            }
            return BoardRecord(kind: kind, encoding: encoding, width: width, height: height, digest: digest, bytes: bytes)
        }

        /// The board it holds, decoded (a PNG by `decodePicture`) and checked against its digest.
        ///
        /// - Throws: `DecodeError` saying why: no PNG decoder here, a PNG that does not decode
        ///   or is of another size, or pixels that do not match the digest.
        func board(decodePicture: Environment.PictureDecoder?) throws(DecodeError) -> Board {
            var pixels = bytes
            if encoding == .png {
                guard let decodePicture else { throw DecodeError("the picture under the paint is a PNG and this program has no PNG decoder") }
                let decoded: (pixels: [UInt8], width: Int, height: Int)
                do {
                    decoded = try decodePicture(bytes)
                } catch {
                    throw DecodeError("the picture under the paint does not decode (\(error))")
                }
                guard decoded.width == width, decoded.height == height, decoded.pixels.count == width * height * 4 else {
                    throw DecodeError("the picture under the paint decodes to \(decoded.width)×\(decoded.height), not \(width)×\(height)")
                }
                pixels = decoded.pixels
            }
            guard pixels.withUnsafeBytes({ Self.digest($0) }) == digest,
                  let board = Board(width: width, height: height, kind: kind, pixels: pixels) else {
                throw DecodeError("the picture under the paint does not match its digest")
            }
            return board
        }

        static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
            var h = SHA256()
            h.update(bytes)
            return h.finalize()
        }
    }
}
