/// Taking in many drawings at once (a class's pull): journals written, not opened.
extension DrawingStateStore {
    /// Adds a drawing from a journal's bytes as a new drawing, without opening it: the journal
    /// (up to its last good record) and, from `picture` (RGBA8, its canvas as shared), the
    /// gallery's thumbnail. The gallery's index is not touched: the next `list()` reads the new
    /// journals' entries (as it does for any drawing the index does not know), once for all.
    ///
    /// `adopt` opens the drawing and writes its snapshot (a replay and megabytes a drawing);
    /// a class of a thousand drawings is pulled in seconds this way, and each drawing's snapshot
    /// is made the first time it is opened. Returns the id, and the damage found, if any.
    public func receive(journal bytes: [UInt8], picture: (pixels: [UInt8], width: Int, height: Int)?,
                        source: String) throws(StoreError) -> (id: String, damage: String?) {
        let scan = try Journal.scan(bytes, path: source)
        guard let first = scan.frames.first, first.kind.isBegin,
              case .begin? = try? Journal.decode(bytes, first) else {
            throw .damaged(path: source, detail: "the drawing in it is damaged: \(scan.damage ?? "no setup record")")
        }
        let id = try newFolder(at: environment.clock())
        do {
            try AtomicFile.write(Array(bytes[0..<scan.validEnd]), to: folder(of: id) + "/journal", mode: 0o600, io: environment.io)
        } catch {
            Files.removeTree(folder(of: id))
            throw error.storeError
        }
        if let picture, let encode = environment.codecs.encodePicture, picture.pixels.count == picture.width * picture.height * 4 {
            let thumb = picture.pixels.withUnsafeBytes {
                Canvas.thumbnail(of: $0, width: picture.width, height: picture.height, maxWidth: 320, maxHeight: 200)
            }
            if let png = try? thumb.pixels.withUnsafeBytes({ try encode($0, thumb.width, thumb.height) }) {
                try? AtomicFile.write(png, to: folder(of: id) + "/thumbnail.png", mode: 0o600, io: environment.io)
            }
        }
        Files.syncFolder(drawingsFolder)
        return (id, scan.damage.map { "\(source): \($0); kept the good part" })
    }
}
