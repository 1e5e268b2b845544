import Foundation

/// Brings every handed-in drawing of a class folder into a class gallery (a store of its own).
///
/// Each picture (`CHILD/ID-CODE.png`) becomes a drawing of its own, received from the journal
/// it carries (written, not opened: `DrawingStateStore.receive`), its thumbnail from the picture. What was pulled is noted in the class gallery's `class/pulled` (one line a file,
/// appended and synced as each arrives: a pull cut short goes on where it stopped), so the
/// second pull reads only what is new: names and tags from one listing a child.
public struct ClassPull: Sendable {
    public let transport: any ClassTransport
    public let gallery: DrawingStateStore

    public init(transport: any ClassTransport, gallery: DrawingStateStore) {
        self.transport = transport
        self.gallery = gallery
    }

    /// What a pull did.
    public struct Summary: Sendable {
        /// Drawings added: the child, the new drawing's id, the file it came from.
        public var added: [(child: String, id: String, path: String)] = []
        /// Files that could not be read as drawings, each with why.
        public var skipped: [(path: String, why: String)] = []
        /// Drawings pulled with damage (the good part kept), each with what was wrong.
        public var notes: [String] = []
        /// Pictures already pulled before.
        public var unchanged = 0
    }

    /// Pulls what is new. A problem of the class folder itself (no answer, a wrong password)
    /// is thrown; a file that is not a marble picture is skipped and named.
    public func pull(limit: Int = 64 << 20) throws(ClassProblem) -> Summary {
        var summary = Summary()
        let ledger = PulledLedger(gallery: gallery)
        let known = ledger.entries()
        var pictures: [(child: String, path: String, entry: ClassEntry)] = []
        for e in try transport.list("") {
            if e.isFolder {
                for f in try transport.list(e.name) where !f.isFolder && f.name.hasSuffix(".png") {
                    pictures.append((e.name, e.name + "/" + f.name, f))
                }
            } else if e.name.hasSuffix(".png") {
                pictures.append(("", e.name, e))
            }
        }
        for p in pictures {
            if let k = known[p.path], Self.sameTag(k.tag, p.entry.tag), k.size == p.entry.size {
                summary.unchanged += 1
                continue
            }
            let bytes = try transport.read(p.path, limit: limit)
            let journal: [UInt8]
            do { journal = try PictureChunk.extract(from: bytes) } catch {
                summary.skipped.append((p.path, error.description))
                continue
            }
            do throws(StoreError) {
                let picture = try? gallery.environment.decodePicture?(bytes)
                let (id, damage) = try gallery.receive(journal: journal, picture: picture, source: p.path)
                if let damage { summary.notes.append(damage) }
                let code = ClassPull.code(inName: p.entry.name) ?? ""
                try ledger.append(PulledLedger.Line(path: p.path, tag: p.entry.tag, size: p.entry.size,
                                                    drawing: id, child: p.child, code: code))
                summary.added.append((p.child, id, p.path))
            } catch {
                summary.skipped.append((p.path, error.description))
            }
        }
        // The new drawings' gallery entries, read from their journals once for all.
        if !summary.added.isEmpty { _ = gallery.list() }
        return summary
    }

    /// Whether two tags name the same version of a file. Apache marks a file changed within the
    /// last second with a weak tag (`W/"…"`) and the same tag strong a second later, so the mark
    /// is not a change.
    static func sameTag(_ a: String, _ b: String) -> Bool {
        func bare(_ t: String) -> Substring { t.hasPrefix("W/") ? t.dropFirst(2) : Substring(t) }
        return bare(a) == bare(b)
    }

    /// The code in a handed-in file's name (`ID-CODE.png`, `ID-CODE-2.png`), if any.
    public static func code(inName name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let parts = name[..<dot].split(separator: "-")
        for part in parts.reversed() {
            if let c = DrawingCode(String(part)), c.text == part { return c.text }
        }
        return nil
    }
}
