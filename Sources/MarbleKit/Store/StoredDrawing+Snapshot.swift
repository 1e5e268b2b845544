/// Writing a snapshot: the drawing's whole state, its thumbnail and its gallery entry.
extension StoredDrawing {
    /// The work of writing a snapshot of the drawing as it is now, runnable on any thread.
    func snapshotJob() -> @Sendable () -> Result<Void, StoreError> {
        let end = journal.end
        let meta = Snapshot.Meta(journalEnd: end.length, journalCRC: end.crc, journalStart: end.recordStart,
                                 created: created, modified: modified, title: title)
        let state = live.state
        // A drawing whose journal holds see-through paint has version 5 snapshots, whatever its state.
        let version = journal.holdsPictures ? StoreFormat.picturesVersion : nil
        let entry = self.entry
        let store = self.store
        let snapshotPath = self.snapshotPath, olderPath = self.olderSnapshotPath, thumbnailPath = self.thumbnailPath
        return { () -> Result<Void, StoreError> in
            // The newest snapshot becomes the older one as a second name for the same file
            // (a link, then a rename over the older one), so `snapshot` is never missing: a
            // write that fails or a crash leaves it as it was.
            if Files.exists(snapshotPath) {
                let link = olderPath + ".new"
                _ = POSIX.unlink(link)
                if POSIX.link(snapshotPath, link) == 0 { _ = POSIX.rename(link, olderPath) }
            }
            do throws(AtomicFile.WriteError) {
                // In pieces: a million segments' snapshot is 26 MB that need never be in memory whole.
                try AtomicFile.write(to: snapshotPath, mode: 0o600, io: store.environment.io, headerSize: Snapshot.headerSize) { put in
                    Snapshot.encode(state, meta: meta, version: version, emit: put)
                }
            } catch {
                return .failure(.io(path: snapshotPath, failure: error.failure, safe: .journalSaved))
            }
            if let encode = store.environment.codecs.encodePicture {
                let canvas = state.canvas
                let thumb = canvas.pixels.withUnsafeBytes {
                    Canvas.thumbnail(of: $0, width: canvas.width, height: canvas.height, maxWidth: 320, maxHeight: 200)
                }
                if let png = try? thumb.pixels.withUnsafeBytes({ try encode($0, thumb.width, thumb.height) }) {
                    try? AtomicFile.write(png, to: thumbnailPath, mode: 0o600, io: store.environment.io)
                }
            }
            store.updateIndex(with: entry)
            return .success(())
        }
    }
}
