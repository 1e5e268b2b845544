import Foundation
import Testing
@testable import MarbleKit

/// A damaged picture record is found (its CRC, or its digest after decoding) and handled as
/// other journal damage is: from a snapshot nothing is lost; without one, a clear error that
/// names the journal, the files left as they are. Never a crash.
@Suite("Store: a damaged picture under the paint")
struct PictureDamageTests {
    typealias P = PictureStoreSupport

    /// A closed drawing over a picture; its id and the journal's picture record's frame.
    static func drawing(_ scratch: StoreScratch, codec: Bool = true) throws -> (id: String, picture: Journal.Frame, hash: String) {
        let d = try P.store(scratch, codec: codec).create(configuration: P.configuration, board: P.board())
        for s in P.samples(count: 240) { try d.feed([s]) }
        let id = d.id, hash = SessionFingerprint(d.session).hash
        try d.close()
        let journal = scratch.bytes(scratch.folder(id) + "/journal")
        let frame = try Journal.scan(journal, path: "j").frames[1]
        #expect(frame.kind == .board)
        return (id, frame, hash)
    }

    @Test("A flipped byte in the picture record: from the snapshot the drawing goes on whole, the journal rebuilt and the damaged one kept", arguments: [true, false])
    func flippedWithSnapshot(codec: Bool) throws {
        let scratch = try StoreScratch()
        let (id, frame, hash) = try Self.drawing(scratch, codec: codec)
        let path = scratch.folder(id) + "/journal"
        var journal = scratch.bytes(path)
        journal[frame.offset + 5 + 2 + 8 + 32 + 20] ^= 0x10
        try scratch.write(journal, to: path)
        let store = try P.store(scratch, codec: codec)
        let d = try store.open(id)
        #expect(d.recoveryNotes.contains { $0.contains("fails its checksum") && $0.contains("damaged file is kept") }, "\(d.recoveryNotes)")
        #expect(SessionFingerprint(d.session).hash == hash)
        try d.close()
        // The rebuilt journal has its picture again: it opens alone to the same canvas.
        let rebuilt = scratch.bytes(path)
        #expect(try Journal.scan(rebuilt, path: path).frames.map(\.kind).prefix(3) == [.begin5, .board, .checkpoint6])
        try FileManager.default.removeItem(atPath: scratch.folder(id) + "/snapshot")
        try? FileManager.default.removeItem(atPath: scratch.folder(id) + "/snapshot.1")
        let again = try store.open(id)
        #expect(again.recoveryNotes.isEmpty)
        #expect(SessionFingerprint(again.session).hash == hash)
        again.release()
    }

    @Test("A flipped byte in the picture record and no snapshot: an error naming the journal, the files untouched")
    func flippedWithoutSnapshot() throws {
        let scratch = try StoreScratch()
        let (id, frame, _) = try Self.drawing(scratch)
        let path = scratch.folder(id) + "/journal"
        var journal = scratch.bytes(path)
        journal[frame.end - 9] ^= 0x01
        try scratch.write(journal, to: path)
        for name in ["snapshot", "snapshot.1"] { try? FileManager.default.removeItem(atPath: scratch.folder(id) + "/" + name) }
        let before = scratch.files(id).filter { $0.key != "lock" }
        #expect {
            try P.store(scratch).open(id)
        } throws: { error in
            guard case .damaged(let p, let detail)? = error as? StoreError else { return false }
            return p == path && detail.contains("picture under the paint") && detail.contains("left as they are")
        }
        #expect(scratch.files(id).filter { $0.key != "lock" } == before)
        #expect(throws: StoreError.self) { try P.store(scratch).history(of: id) }
    }

    @Test("A picture record whose checksum holds but whose pixels do not match their digest is refused, not painted")
    func digestMismatch() throws {
        let scratch = try StoreScratch()
        let (id, frame, _) = try Self.drawing(scratch, codec: false)
        let path = scratch.folder(id) + "/journal"
        var journal = scratch.bytes(path)
        // A pixel changed and the record's CRC put right: only the digest can tell.
        journal[frame.offset + 5 + 2 + 8 + 32 + 4 * 2000] ^= 0x40
        let crc = CRC32.checksum(Array(journal[frame.offset..<(frame.end - 4)]))
        withUnsafeBytes(of: crc.littleEndian) { for (k, b) in $0.enumerated() { journal[frame.end - 4 + k] = b } }
        try scratch.write(journal, to: path)
        for name in ["snapshot", "snapshot.1"] { try? FileManager.default.removeItem(atPath: scratch.folder(id) + "/" + name) }
        #expect {
            try P.store(scratch, codec: false).open(id)
        } throws: { error in
            guard case .damaged(path, let detail)? = error as? StoreError else { return false }
            return detail.contains("digest")
        }
    }

    @Test("A picture kept as PNG, opened where no PNG decoder is: from the snapshot it opens; from the journal alone a clear error")
    func noDecoder() throws {
        let scratch = try StoreScratch()
        let (id, _, hash) = try Self.drawing(scratch, codec: true)
        let store = try P.store(scratch, codec: false)
        let d = try store.open(id)
        #expect(SessionFingerprint(d.session).hash == hash)
        d.release()
        for name in ["snapshot", "snapshot.1"] { try? FileManager.default.removeItem(atPath: scratch.folder(id) + "/" + name) }
        #expect {
            try store.open(id)
        } throws: { error in
            guard case .damaged(let p, let detail)? = error as? StoreError else { return false }
            return p.hasSuffix("/journal") && detail.contains("no PNG decoder")
        }
    }
}
