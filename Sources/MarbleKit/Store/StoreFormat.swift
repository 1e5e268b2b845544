/// The store's binary formats: shared pieces (magic numbers, versions, configuration, samples).
///
/// Every file starts with an 8-byte magic and a 32-bit version. All numbers are little-endian;
/// doubles are stored bit for bit, which is what makes a restored drawing continue exactly.
/// `docs/drawing-store.md` describes the layout; frozen copies live in the tests.
enum StoreFormat {
    static let journalMagic = Array("MRBLJRNL".utf8)
    static let snapshotMagic = Array("MRBLSNAP".utf8)
    static let indexMagic = Array("MRBLINDX".utf8)
    /// The version of every journal this build starts, whatever its marbles or picture: its
    /// records' summaries hold one movement a marble. Older versions must keep loading.
    static let journalVersion: UInt32 = 6
    /// Version 2's snapshot layout: one marble's fields inline among the session's. Read
    /// forever (frozen snapshots, and checkpoints in journals of versions 2 and 3); never written.
    static let inlineMarbleVersion: UInt32 = 2
    /// The version of a two-marble drawing's journal and snapshots of earlier builds (read,
    /// and a journal of it continued; `Store/Marbles/`).
    static let twoMarbleVersion: UInt32 = 3
    /// The version this build writes for a drawing of two to four marbles: an older build
    /// refuses it as newer instead of reading several marbles' samples as one's.
    static let marblesVersion: UInt32 = 4
    /// The version this build writes for a drawing over a picture or with see-through paint
    /// (any count of marbles, `Store/Pictures/`): older builds refuse it as newer instead of
    /// painting it without its picture and inks. Other drawings stay 2 or 4, byte for byte.
    static let picturesVersion: UInt32 = 5
    /// The version this build writes for a one-marble drawing's snapshot: version 4's layout,
    /// one record a marble (`Marble.encode`), with one marble. An older build refuses it as
    /// newer instead of reading it as version 2's inline fields.
    static let oneMarbleSnapshotVersion: UInt32 = 6
    /// The newest snapshot version this build reads.
    static let readableSnapshotVersion: UInt32 = 6
    /// The newest journal version this build reads (6: every marble's movement in a summary).
    static let readableJournalVersion: UInt32 = 6

    /// The state layout of a kind 13 checkpoint (journals before version 6) in a drawing of
    /// `marbles` marbles: version 2's inline fields for one, version 4's records for several.
    static func version(marbles: Int) -> UInt32 {
        marbles == 1 ? inlineMarbleVersion : marblesVersion
    }

    /// The version of a snapshot of `state`: 5 when it has a picture under the paint or
    /// see-through paint anywhere, or when `pictures` (its journal is of version 5); otherwise
    /// 6 for one marble, 4 for two to four. Each is the per-marble layout (`Store/Marbles/`).
    static func version(of state: DrawingSession.State, pictures: Bool = false) -> UInt32 {
        if pictures || state.needsPictures { return picturesVersion }
        return state.marbles.count > 1 ? marblesVersion : oneMarbleSnapshotVersion
    }

    /// The version of a journal's checkpoint of `state` (a journal rebuilt after damage holds
    /// one), and so of the journal holding it: 4 for two to four marbles without pictures,
    /// otherwise 5, whose checkpoint kind holds any count of marbles in the per-marble layout
    /// (a journal of version 2 holds only version 2's inline layout, which is no longer written).
    static func checkpointVersion(of state: DrawingSession.State, pictures: Bool = false) -> UInt32 {
        pictures || state.needsPictures || state.marbles.count < 2 ? picturesVersion : marblesVersion
    }

    /// The gallery index's version: 4 keeps one movement record a marble, whatever the count.
    static let indexVersion: UInt32 = 4
    /// Titles are kept to this many UTF-8 bytes (readers accept up to 4096).
    static let maxTitleBytes = 1000

    /// `title` cut to `maxTitleBytes` on a character boundary.
    static func clippedTitle(_ title: String) -> String {
        var out = ""
        var bytes = 0
        for c in title {
            bytes += c.utf8.count
            if bytes > maxTitleBytes { break }
            out.append(c)
        }
        return out
    }

    /// The version in a store file's header, after its 8-byte magic (0 when there is none).
    static func version(of bytes: [UInt8]) -> UInt32 {
        var r = ByteReader(bytes, from: 8)
        return (try? r.u32()) ?? 0
    }

    /// Checks a file's magic and version: nil when it is ours and readable.
    static func checkHeader(_ bytes: [UInt8], magic: [UInt8], supported: UInt32, path: String, what: String) -> StoreError? {
        guard bytes.count >= 12 else {
            return .damaged(path: path, detail: "\(what) is cut short (\(bytes.count) bytes)")
        }
        guard Array(bytes[0..<8]) == magic else {
            return .damaged(path: path, detail: "not a marble \(what) (wrong magic number)")
        }
        let version = version(of: bytes)
        if version > supported { return .newerVersion(path: path, version: version, supported: supported) }
        if version == 0 { return .damaged(path: path, detail: "\(what) has version 0") }
        return nil
    }
}

extension SessionConfiguration {
    func encode(into w: inout ByteWriter) {
        w.u8(mode == .real ? 0 : 1)
        w.u8(UInt8(Difficulty.allCases.firstIndex(of: difficulty)!))
        w.f64(parameters.accelPerTilt)
        w.f64(parameters.speedPerTilt)
        w.f64(parameters.damping)
        w.f64(parameters.restitution)
        w.f64(parameters.ballRadius)
        w.f64(parameters.penWidth)
        w.u32(UInt32(canvasWidth))
        w.u32(UInt32(canvasHeight))
        w.u32(background.packed)
    }

    /// Reads a configuration, refusing any value a session could not use.
    static func decode(from r: inout ByteReader) throws(DecodeError) -> SessionConfiguration {
        let m = try r.u8(), d = try r.u8()
        guard m <= 1, Int(d) < Difficulty.allCases.count else { throw DecodeError("unknown physics mode or difficulty") }
        var p = PhysicsParameters.preset(Difficulty.allCases[Int(d)])
        p.accelPerTilt = try r.f64()
        p.speedPerTilt = try r.f64()
        p.damping = try r.f64()
        p.restitution = try r.f64()
        p.ballRadius = try r.f64()
        p.penWidth = try r.f64()
        let w = Int(try r.u32()), h = Int(try r.u32())
        let bg = RGBA8(packed: try r.u32())
        let c = SessionConfiguration(mode: m == 0 ? .real : .fake, difficulty: Difficulty.allCases[Int(d)],
                                     parameters: p, canvasWidth: w, canvasHeight: h, background: bg)
        if let why = c.validationError { throw DecodeError(why) }
        return c
    }
}

extension Sample {
    /// 33 bytes: t, tilt x, tilt y, heading (doubles, as fed, NaN included) and the pen.
    static let encodedSize = 33

    func encode(into w: inout ByteWriter) {
        w.f64(t)
        w.f64(tilt.x)
        w.f64(tilt.y)
        w.f64(heading)
        w.bool(penDown)
    }

    static func decode(from r: inout ByteReader) throws(DecodeError) -> Sample {
        Sample(t: try r.f64(), tilt: Vec2(try r.f64(), try r.f64()), heading: try r.f64(), penDown: try r.bool())
    }

    /// 9 more bytes in version 2's tool layout: f64 width (0 for the difficulty's own), u8 erase.
    static let toolSize = 9

    func encodeTool(into w: inout ByteWriter) {
        w.f64(width ?? 0)
        w.bool(erase)
    }

    mutating func decodeTool(from r: inout ByteReader) throws(DecodeError) {
        let w = try r.f64()
        guard w == 0 || (w.isFinite && Self.widthRange.contains(w)) else { throw DecodeError("impossible pen width \(w)") }
        width = w == 0 ? nil : w
        erase = try r.bool()
    }
}
