import MarbleKit

/// The files the platform under the app reads, through the environment's disk: the pictures a
/// scene names by path (drawings' thumbnails, the shelf's photos) and a pad's hidraw entries.
///
/// The platform opens no file of its own: the program hands it this, made from its
/// environment's `io` (`SDLPlatform.Options.files`), as it hands in the phone page's starter.
public struct PlatformFiles: Sendable {
    /// The environment's reads.
    public var io: FileIO

    public init(io: FileIO) { self.io = io }

    /// The largest picture file read (256 MB, as MarblePictures reads): a bigger one shows as
    /// its button's icon, not read to find out more.
    public static let maxPictureBytes = 256 << 20

    /// The bytes of the picture file at `path`, links followed; nil when it is missing, not a
    /// file, over `maxPictureBytes` or cannot be read (the button's icon shows instead).
    public func pictureBytes(_ path: String) -> [UInt8]? {
        try? Files.readWhole(path, followingLinks: true, maxBytes: Self.maxPictureBytes, io: io)
    }

    /// When the file at `path` last changed; nil when it is missing. A picture shown is read
    /// again when this changes (a drawing's thumbnail after a save).
    package func changed(_ path: String) -> POSIX.FileTime? {
        POSIX.status(path)?.modified
    }
}
