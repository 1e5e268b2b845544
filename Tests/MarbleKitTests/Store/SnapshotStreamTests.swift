import Foundation
import Synchronization
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// Snapshots written in pieces: the same bytes as written whole, and atomic when a piece fails.
@Suite("Snapshot in pieces")
struct SnapshotStreamTests {
    static func frozen() throws -> (bytes: [UInt8], session: DrawingSession, meta: Snapshot.Meta) {
        let fixture = try #require(Bundle.module.url(forResource: "store-v4", withExtension: nil, subdirectory: "Fixtures/formats"))
        let drawings = try FileManager.default.contentsOfDirectory(atPath: fixture.appendingPathComponent("drawings").path)
        let id = try #require(drawings.first)
        let bytes = [UInt8](try Data(contentsOf: fixture.appendingPathComponent("drawings/\(id)/snapshot")))
        let (session, meta) = try Snapshot.decode(bytes, path: "snapshot")
        return (bytes, session, meta)
    }

    @Test("The frozen version 4 snapshot, written again in pieces of any size, is the same file byte for byte")
    func piecesGiveTheFrozenBytes() throws {
        let (bytes, session, meta) = try Self.frozen()
        #expect(Snapshot.encode(session.state, meta: meta) == bytes)
        for piece in [1, 64, 4096, 1 << 20] {
            var pieces: [[UInt8]] = []
            let header = Snapshot.encode(session.state, meta: meta, piece: piece) { pieces.append($0) }
            var joined = pieces.flatMap { $0 }
            #expect(Array(joined[0..<Snapshot.headerSize]) != header, "the header's length and CRC come at the end")
            joined.replaceSubrange(0..<Snapshot.headerSize, with: header)
            #expect(joined == bytes, "pieces of \(piece)")
            if piece <= 64 { #expect(pieces.count >= 4, "\(pieces.count) pieces") }
        }
    }

    @Test("Written to a file in pieces it reads back; a piece that fails leaves the old file and no temporary")
    func atomicInPieces() throws {
        let (bytes, session, meta) = try Self.frozen()
        let dir = try TempFolder("snapshot-pieces")
        let path = dir.path("snapshot")
        try AtomicFile.write(to: path, mode: 0o600, io: .system, headerSize: Snapshot.headerSize) { put in
            Snapshot.encode(session.state, meta: meta, piece: 4096, emit: put)
        }
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)

        // The disk fills after 10 kB: the write fails, the snapshot before it stays.
        let written = Mutex(0)
        let full = FileIO(write: { fd, p, n in
            let allowed = written.withLock { w -> Int in
                let k = max(0, min(n, 10_000 - w))
                w += k
                return k
            }
            guard allowed > 0 else {
                errno = ENOSPC
                return -1
            }
            return POSIX.write(fd, p, allowed)
        }, read: FileIO.system.read)
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write(to: path, mode: 0o600, io: full, headerSize: Snapshot.headerSize) { put in
                Snapshot.encode(session.state, meta: meta, piece: 4096, emit: put)
            }
        }
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(left == ["snapshot"], "\(left)")
    }
}
