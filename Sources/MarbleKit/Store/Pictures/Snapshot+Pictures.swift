/// The state of a drawing over a picture or with see-through paint: version 5's layout,
/// written and read by version 4's functions with their `pictures` parts (`Snapshot+Marbles.swift`);
/// here those parts (the board, the inks) and when a state needs them.
///
/// After the meta (little-endian): the configuration; u8 marbles (1–4); the clock (bool, f64
/// origin, i64 steps); i64 rows accepted, i64 dropped; u32 layers issued; each marble's record
/// (`Marble.encode`, as in version 4) followed by its pen's ink (u8 alpha, u8 wipes) and its
/// input's opacity (f64; 1 with no input); the strokes (u32 count; each f64 width, u8 marble,
/// u8 ink alpha, u8 ink wipes, its points, its order of painting: u32 count, 0 with one
/// marble, and i64 each); the history and undone steps; the board (u8 present; then u8 kind,
/// u32 width, u32 height and its RGBA8 pixels, raw); the picture; each marble's open stroke's
/// layer cells.
///
/// The board is raw here, not PNG as in the journal: a snapshot opens without a PNG decoder and
/// without decoding, and nothing is encoded for it. It costs 4 bytes a pixel more per snapshot
/// (4 MB at 1280×800, beside the picture's own 4 MB), written on the snapshot's background
/// thread; the board's array is shared with the canvas, never copied for it.
extension Snapshot {
    /// The board: u8 present; then u8 kind, u32 width, u32 height and its RGBA8 pixels, raw.
    static func encodeBoard(_ board: Board?, into w: inout ByteWriter, drained: (inout ByteWriter) -> Void) {
        w.bool(board != nil)
        guard let board else { return }
        w.u8(board.kind.rawValue)
        w.u32(UInt32(board.width))
        w.u32(UInt32(board.height))
        drained(&w)
        w.raw(board.pixels)
    }

    /// The board as `encodeBoard` writes it, checked against the canvas it lies under.
    static func decodeBoard(from r: inout ByteReader, _ configuration: SessionConfiguration) throws(DecodeError) -> Board? {
        guard try r.bool() else { return nil }
        guard let kind = Board.Kind(rawValue: try r.u8()) else { throw DecodeError("unknown kind of picture") }
        let width = Int(try r.u32()), height = Int(try r.u32())
        guard width == configuration.canvasWidth, height == configuration.canvasHeight else {
            throw DecodeError("a \(width)×\(height) picture under a \(configuration.canvasWidth)×\(configuration.canvasHeight) canvas")
        }
        return Board(width: width, height: height, kind: kind, pixels: Array(try r.raw(width * height * 4)))
    }

    /// An ink: u8 alpha (255ths), u8 wipes (0 or 1).
    static func encodeInk(_ ink: Ink, into w: inout ByteWriter) {
        w.u8(ink.alpha)
        w.bool(ink.wipes)
    }

    static func decodeInk(from r: inout ByteReader) throws(DecodeError) -> Ink {
        Ink(alpha: try r.u8(), wipes: try r.bool())
    }
}

extension DrawingSession.State {
    /// Whether only version 5 keeps it: a picture under the paint, or see-through or wiping
    /// ink anywhere (a stroke, a pen, an input held). Without them, versions 2 and 4 keep it
    /// exactly: their readers give every ink opaque and no picture.
    var needsPictures: Bool {
        canvas.board != nil || strokes.contains { $0.ink != .opaque }
            || marbles.contains { $0.pen.ink != .opaque || ($0.input.map { $0.opacity != 1 } ?? false) }
    }
}
