import Foundation

/// Brings every handed-in drawing of a class folder into a class gallery (a store of its own).
///
/// Each picture (`CHILD/ID-CODE.png`, or `ID-CODE.png` at the top of a File drop) becomes a
/// drawing of its own, received from the journal it carries (written, not opened:
/// `DrawingStateStore.receive`), its thumbnail from the picture. What was pulled is noted in
/// the class gallery's `class/pulled` (one line a file, appended and synced as each arrives: a
/// pull cut short goes on where it stopped), so the second pull reads only what is new: names
/// and tags from one listing a child.
///
/// One bad entry never stops a pull: a name with a control character, a link, a folder or
/// file the server refuses, one over the limit or gone since the listing, a picture larger than
/// its drawing's canvas, one that is not a drawing: each is skipped and named with why, and
/// every other drawing arrives. Only the class folder's own failure (no answer, a wrong
/// password, or its own listing refused) is thrown. A skipped file changes nothing in the store.
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
        /// Entries not pulled, each with why; the path is shown with control characters
        /// escaped (`ClassPull.shown`), safe to print.
        public var skipped: [(path: String, why: String)] = []
        /// Drawings pulled with damage (the good part kept), each with what was wrong.
        public var notes: [String] = []
        /// Pictures already pulled before.
        public var unchanged = 0
    }

    /// Pulls what is new. A problem of the class folder itself (no answer, a wrong password)
    /// is thrown; any one entry's problem is skipped and named.
    public func pull(limit: Int = 64 << 20) throws(ClassProblem) -> Summary {
        var summary = Summary()
        let ledger = PulledLedger(gallery: gallery)
        let known = ledger.entries()
        var pictures: [(child: String, path: String, entry: ClassEntry)] = []
        func skip(_ path: String, _ why: String) { summary.skipped.append((Self.shown(path), why)) }
        for e in try transport.list("") {
            guard let what = Self.kind(of: e, path: e.name) else { continue }
            switch what {
            case .skip(let why): skip(e.name, why)
            case .picture: pictures.append(("", e.name, e))
            case .folder:
                let inside: [ClassEntry]
                do { inside = try transport.list(e.name) } catch {
                    if error.isTheClassFolders { throw error }
                    skip(e.name, "this folder cannot be listed: \(Self.why(error))")
                    continue
                }
                for f in inside {
                    let path = e.name + "/" + f.name
                    switch Self.kind(of: f, path: path) {
                    case nil: continue
                    case .skip(let why): skip(path, why)
                    case .folder: skip(path, "a folder inside a child's folder; only pictures directly in a child's folder are pulled")
                    case .picture: pictures.append((e.name, path, f))
                    }
                }
            }
        }
        for p in pictures {
            if let k = known[p.path], Self.sameTag(k.tag, p.entry.tag), k.size == p.entry.size {
                summary.unchanged += 1
                continue
            }
            let bytes: [UInt8]
            do { bytes = try transport.read(p.path, limit: limit) } catch {
                if error.isTheClassFolders { throw error }
                skip(p.path, Self.why(error))
                continue
            }
            let journal: [UInt8]
            do { journal = try PictureChunk.extract(from: bytes) } catch {
                skip(p.path, error.description)
                continue
            }
            let picture: (pixels: [UInt8], width: Int, height: Int)?
            switch Self.picture(bytes, journal: journal, decode: gallery.environment.codecs.decodePicture) {
            case .failure(let refusal):
                skip(p.path, refusal.description)
                continue
            case .success(let decoded): picture = decoded
            }
            do throws(StoreError) {
                let (id, damage) = try gallery.receive(journal: journal, picture: picture, source: p.path)
                if let damage { summary.notes.append(damage) }
                let code = ClassPull.code(inName: p.entry.name) ?? ""
                try ledger.append(PulledLedger.Line(path: p.path, tag: p.entry.tag, size: p.entry.size,
                                                    drawing: id, child: p.child, code: code))
                summary.added.append((p.child, id, p.path))
            } catch {
                skip(p.path, error.description)
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
