/// Handing in a drawing of a store: its picture (carrying the drawing), its marble log, and
/// its time-lapse when one was made.
extension Outbox {
    /// What a drawing hands in, copied now so it can be encoded and written off the frame.
    public struct Parts: Sendable {
        public let drawing: String
        public let title: String
        public let picture: PictureToShare
        public let log: String
        public let timelapse: [UInt8]?

        public init(drawing: String, title: String, picture: PictureToShare, log: String, timelapse: [UInt8]?) {
            self.drawing = drawing
            self.title = title
            self.picture = picture
            self.log = log
            self.timelapse = timelapse
        }
    }

    /// Hands in `parts` for `child` (folder from the connection): encodes the picture with the
    /// environment's encoder and writes everything durably. Slow (a PNG, fsyncs): off the frame.
    public func add(_ parts: Parts, child: String, folder remote: String) throws -> HandIn {
        guard let encode = environment.codecs.encodePicture else {
            throw StoreError.badConfiguration("this program cannot make pictures, so it cannot hand in")
        }
        var files: [(ext: String, bytes: [UInt8])] = [("png", try parts.picture.encoded(with: encode)), ("csv", Array(parts.log.utf8))]
        if let film = parts.timelapse { files.append(("webp", film)) }
        return try add(drawing: parts.drawing, title: parts.title, child: child, folder: remote, files: files)
    }
}

extension Outbox.Parts {
    /// What drawing `id` of `store` hands in, with its picture copied already (`picture`, taken
    /// on the frame from the open drawing): its marble log read from the journal, and the
    /// time-lapse at `timelapse` when that file is there. Reads files: off the frame.
    public init(_ id: String, title: String, picture: PictureToShare, of store: DrawingStateStore,
                timelapse: String?) throws(StoreError) {
        let film = try timelapse.flatMap { path throws(StoreError) in try Files.read(path, followingLinks: true, io: store.environment.io) }
        self.init(drawing: id, title: title, picture: picture, log: try store.inputLog(of: id).text(), timelapse: film)
    }
}
