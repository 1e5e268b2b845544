import Foundation
import Testing
@testable import MarbleKit

/// No writing through links: a symbolic link where the store keeps a file of its own (or a
/// drawing's folder) is refused, and what it points to is neither read as a drawing nor changed.
@Suite("Store: symbolic links")
struct StoreLinkTests {
    static let configuration = SessionConfiguration(mode: .fake, canvasWidth: 160, canvasHeight: 100)

    /// A closed drawing with some samples; its id.
    static func drawing(_ scratch: StoreScratch) throws -> String {
        let d = try scratch.store().create(configuration: configuration)
        for i in 0..<120 { try d.feed([Sample(t: Double(i) / 60, tilt: Vec2(0.5, 0.2), heading: Double(i))]) }
        try d.close()
        return d.id
    }

    static func isLinkRefusal(_ error: any Error, _ path: String) -> Bool {
        guard case .damaged(let p, let detail) = error as? StoreError else { return false }
        return p == path && detail.contains("symbolic link")
    }

    @Test("A journal replaced by a link to a file elsewhere is refused; that file is untouched")
    func linkedJournal() throws {
        let scratch = try StoreScratch()
        let id = try Self.drawing(scratch)
        let journal = scratch.folder(id) + "/journal"
        // The real journal moves out of the store; a link takes its place.
        let outside = scratch.path("elsewhere.bin")
        try FileManager.default.moveItem(atPath: journal, toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: outside)
        let before = scratch.bytes(outside)
        let modified = try FileManager.default.attributesOfItem(atPath: outside)[.modificationDate] as? Date

        #expect(throws: StoreError.self) { _ = try scratch.store().open(id) }
        do {
            _ = try scratch.store().open(id)
        } catch {
            #expect(Self.isLinkRefusal(error, journal), "\(error)")
        }
        #expect(scratch.bytes(outside) == before, "nothing was appended through the link")
        #expect(try FileManager.default.attributesOfItem(atPath: outside)[.modificationDate] as? Date == modified)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: journal) == outside, "the link is left as it was")
    }

    @Test("A drawing's folder that is a link to a copy elsewhere is refused")
    func linkedFolder() throws {
        let scratch = try StoreScratch()
        let id = try Self.drawing(scratch)
        let folder = scratch.folder(id)
        let outside = scratch.path("copy")
        try FileManager.default.moveItem(atPath: folder, toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: outside)
        let before = scratch.bytes(outside + "/journal")
        do {
            _ = try scratch.store().open(id)
            Issue.record("a linked folder opened")
        } catch {
            #expect(Self.isLinkRefusal(error, folder), "\(error)")
        }
        #expect(throws: StoreError.self) { try scratch.store().delete(id) }
        #expect(scratch.bytes(outside + "/journal") == before)
        #expect(FileManager.default.fileExists(atPath: outside + "/journal"), "delete removed nothing through the link")
    }

    @Test("A linked snapshot is not read: the drawing is rebuilt from its journal and the link replaced, not written through")
    func linkedSnapshot() throws {
        let scratch = try StoreScratch()
        let id = try Self.drawing(scratch)
        let snapshot = scratch.folder(id) + "/snapshot"
        let outside = scratch.path("snapshot-elsewhere")
        try FileManager.default.moveItem(atPath: snapshot, toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: snapshot, withDestinationPath: outside)
        let before = scratch.bytes(outside)
        let d = try scratch.store().open(id)
        #expect(d.session.acceptedSamples == 120)
        #expect(d.recoveryNotes.contains { $0.contains("symbolic link") }, "\(d.recoveryNotes)")
        try d.close()
        #expect(scratch.bytes(outside) == before)
        let attributes = try FileManager.default.attributesOfItem(atPath: snapshot)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular, "a real snapshot replaced the link")
    }
}
