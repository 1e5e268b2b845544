/// A journal record's bytes: framing a record to append, and decoding one whose frame checked out.
///
/// A kind has one layout whatever the header says, with two exceptions kept from before
/// version 5: a checkpoint (kind 13) is in the state layout of the journal's marbles (version
/// 2's for one, 3's in a version 3 journal, 4's for several), and the samples layout 2 (with
/// each sample's opacity) is read only in a journal of version 5 or later. Version 6's
/// checkpoint (kind 23) names its state's layout.
extension Journal {
    /// One framed record, ready to append: a version 6 kind for a summary of every marble
    /// (the summary's `layout`, as written now), the version 2 kind of a summary read from an
    /// older record, a version 5 setup and picture for a drawing over a picture. A checkpoint's
    /// state is in version 5's layout when it has pictures or inks or when `pictures` (its
    /// journal holds see-through paint), otherwise in its marbles' (2 or 4).
    static func frame(_ record: Record, pictures: Bool = false) -> [UInt8] {
        var w = ByteWriter()
        w.u32(0)
        switch record {
        case .begin(let b):
            w.u8(b.board ? Kind.begin5.rawValue : b.configuration.marbles > 1 ? Kind.begin3.rawValue : Kind.begin2.rawValue)
            w.f64(b.created)
            w.string(b.title)
            b.configuration.encode(into: &w)
            w.string(b.trace?.rawValue ?? "")
            if b.board || b.configuration.marbles > 1 { w.u8(UInt8(b.configuration.marbles)) }
        case .board(let picture):
            w.u8(Kind.board.rawValue)
            picture.encode(into: &w)
        case .samples(let samples, let s):
            w.u8(kind(s, old: .samples2, new: .samples6))
            s.encode(into: &w)
            // Samples with the default tool keep version 1's 33 bytes; see-through ones (or a
            // NaN opacity, dropped as fed) need layout 2, which only a journal of version 5 or later holds.
            let opacity = samples.contains { $0.opacity != 1 }
            let tools = opacity || samples.contains { !$0.hasDefaultTool }
            w.u8(opacity ? 2 : tools ? 1 : 0)
            w.u32(UInt32(samples.count))
            for x in samples {
                x.encode(into: &w)
                if tools { x.encodeTool(into: &w) }
                if opacity { w.f64(x.opacity) }
            }
        case .undo(let s):
            w.u8(kind(s, old: .undo2, new: .undo6))
            s.encode(into: &w)
        case .redo(let s):
            w.u8(kind(s, old: .redo2, new: .redo6))
            s.encode(into: &w)
        case .clear(let s):
            w.u8(kind(s, old: .clear2, new: .clear6))
            s.encode(into: &w)
        case .title(let t, let s):
            w.u8(kind(s, old: .title2, new: .title6))
            s.encode(into: &w)
            w.string(t)
        case .checkpoint(let state, let s):
            if s.layout == .marbles {
                // Version 6: the kind names the state's layout (6, 4 or 5), one record a marble.
                let version = StoreFormat.version(of: state, pictures: pictures)
                w.u8(Kind.checkpoint6.rawValue)
                s.encode(into: &w)
                w.u8(UInt8(version))
                Snapshot.encodeState(state, version: version, into: &w)
            } else {
                // An older journal continued in its own kinds (version 3 only).
                let version = StoreFormat.checkpointVersion(of: state, pictures: pictures)
                w.u8(version >= StoreFormat.picturesVersion ? Kind.checkpoint5.rawValue : Kind.checkpoint.rawValue)
                s.encode(into: &w)
                Snapshot.encodeState(state, version: version, into: &w)
            }
        }
        w.patchU32(UInt32(w.bytes.count - 5), at: 0)
        w.u32(CRC32.checksum(w.bytes))
        return w.bytes
    }

    /// The kind byte for a record with summary `s`: version 6's when it holds every marble.
    private static func kind(_ s: Summary, old: Kind, new: Kind) -> UInt8 {
        s.layout == .marbles ? new.rawValue : old.rawValue
    }

    /// Decodes one record whose frame checked out.
    static func decode(_ bytes: [UInt8], _ f: Frame) throws(DecodeError) -> Record {
        var r = ByteReader(bytes, from: f.offset + 5, to: f.end - 4)
        let m = f.kind.summaryLayout
        let version = StoreFormat.version(of: bytes)
        let record: Record
        switch f.kind {
        case .begin, .begin2, .begin3, .begin5:
            let created = try r.f64()
            let title = try r.string()
            var b = Begin(created: created, title: title, configuration: try SessionConfiguration.decode(from: &r))
            if f.kind != .begin {
                let name = try r.string()
                guard name.isEmpty || TraceShape(rawValue: name) != nil else { throw DecodeError("unknown trace shape '\(name.prefix(40))'") }
                b.trace = TraceShape(rawValue: name)
            }
            if f.kind == .begin3 || f.kind == .begin5 {
                // Version 3 journals are of two marbles; version 4's of two to four; a drawing
                // over a picture (version 5) of one to four.
                let count = Int(try r.u8()), v4 = version >= StoreFormat.marblesVersion
                let least = f.kind == .begin5 ? 1 : 2, most = v4 ? SessionConfiguration.maxMarbles : 2
                guard (least...most).contains(count) else { throw DecodeError("a drawing of \(count) marbles") }
                b.configuration.marbles = count
                b.board = f.kind == .begin5
            }
            record = .begin(b)
        case .board:
            record = .board(try BoardRecord.decode(from: &r))
        case .samples, .samples2, .samples6:
            let s = try Summary.decode(from: &r, layout: m)
            let tools = f.kind != .samples ? try r.u8() : 0
            guard tools <= (version >= StoreFormat.picturesVersion ? 2 : 1) else { throw DecodeError("unknown sample layout \(tools)") }
            let n = try r.count(minItemSize: Sample.encodedSize + (tools >= 1 ? Sample.toolSize : 0) + (tools == 2 ? 8 : 0))
            var samples: [Sample] = []
            samples.reserveCapacity(n)
            for _ in 0..<n {
                var x = try Sample.decode(from: &r)
                if tools >= 1 { try x.decodeTool(from: &r) }
                // As fed: the session clamps it, or drops the sample for a NaN, as it did live.
                if tools == 2 { x.opacity = try r.f64() }
                samples.append(x)
            }
            record = .samples(samples, s)
        case .undo, .undo2, .undo6: record = .undo(try Summary.decode(from: &r, layout: m))
        case .redo, .redo2, .redo6: record = .redo(try Summary.decode(from: &r, layout: m))
        case .clear, .clear2, .clear6: record = .clear(try Summary.decode(from: &r, layout: m))
        case .title, .title2, .title6:
            let s = try Summary.decode(from: &r, layout: m)
            record = .title(try r.string(), s)
        case .checkpoint:
            let s = try Summary.decode(from: &r, layout: m)
            // In the layout of the journal's version (several marbles' in 3 and 4); a journal
            // made version 5 by see-through paint keeps the one its marbles had before.
            let layout = version >= StoreFormat.picturesVersion ? StoreFormat.version(marbles: setupMarbles(bytes)) : max(2, version)
            record = .checkpoint(try Snapshot.decodeState(from: &r, version: layout), s)
        case .checkpoint5:
            let s = try Summary.decode(from: &r, layout: m)
            record = .checkpoint(try Snapshot.decodeState(from: &r, version: StoreFormat.picturesVersion), s)
        case .checkpoint6:
            let s = try Summary.decode(from: &r, layout: m)
            let layout = UInt32(try r.u8())
            guard [StoreFormat.inlineMarbleVersion, StoreFormat.oneMarbleSnapshotVersion].contains(layout) || layout == StoreFormat.marblesVersion || layout == StoreFormat.picturesVersion else {
                throw DecodeError("a checkpoint in an unknown state layout \(layout)")
            }
            record = .checkpoint(try Snapshot.decodeState(from: &r, version: layout), s)
        }
        guard r.isAtEnd else { throw DecodeError("the record at byte \(f.offset) has \(r.remaining) bytes too many") }
        return record
    }

    /// The marble count in the setup record at the journal's start (1 when it cannot be read).
    static func setupMarbles(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= headerSize + 9 else { return 1 }
        let length = Int(bytes[16]) | Int(bytes[17]) << 8 | Int(bytes[18]) << 16 | Int(bytes[19]) << 24
        guard let kind = Kind(rawValue: bytes[20]), kind.isBegin, length <= maxPayload, headerSize + 9 + length <= bytes.count,
              case .begin(let b)? = try? decode(bytes, Frame(offset: headerSize, end: headerSize + 9 + length, kind: kind, crc: 0))
        else { return 1 }
        return b.configuration.marbles
    }
}
