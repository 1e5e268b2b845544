/// The pictures a new drawing can be painted over: the photos in a folder, and a way to read one.
///
/// Part of the environment (the app reads no file of its own): the program lists the user's
/// Pictures folder and decodes with its picture decoders; a test hands in a folder of its own.
public struct PictureShelf: Sendable {
    /// A picture on the shelf.
    public struct Item: Equatable, Sendable {
        /// Where it is: what `load` reads, and what a thumbnail is drawn from.
        public var path: String
        /// Its file's name, for a parent.
        public var name: String
        /// When it was last changed, seconds since 1970 (the newest come first).
        public var modified: Double

        public init(path: String, name: String, modified: Double) {
            self.path = path
            self.name = name
            self.modified = modified
        }
    }

    /// A decoded picture: upright RGBA8, rows top to bottom.
    public typealias Picture = (pixels: [UInt8], width: Int, height: Int)

    /// The pictures there are now, newest first (at most a screenful or two of them).
    public var list: @Sendable () -> [Item]
    /// The colouring pages shipped with marble (their lines stay on top of the paint), in order.
    public var pages: @Sendable () -> [Item]
    /// One picture read and decoded, at least `atLeast` where its format can scale while
    /// decoding; an error that names the file when it cannot be.
    public var load: @Sendable (_ path: String, _ atLeast: (width: Int, height: Int)) throws -> Picture

    public init(list: @escaping @Sendable () -> [Item], pages: @escaping @Sendable () -> [Item] = { [] },
                load: @escaping @Sendable (_ path: String, _ atLeast: (width: Int, height: Int)) throws -> Picture) {
        self.list = list
        self.pages = pages
        self.load = load
    }
}
