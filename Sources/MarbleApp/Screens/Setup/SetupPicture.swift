import MarbleKit

/// The picture a new drawing is painted over, as decoded (upright RGBA8, its own size): a photo
/// or a colouring page. It is fitted to the drawing's canvas when the drawing starts
/// (`Board.fitting`), so one picture serves a drawing of one child or of several.
public struct SetupPicture: Equatable, Sendable {
    /// What a parent would call it (the file's name).
    public var name: String
    public var width: Int
    public var height: Int
    /// RGBA8, rows top to bottom.
    public var rgba: [UInt8]
    public var kind: Board.Kind
    /// The file it came from, when it came from the picture shelf (its tile shows it).
    public var path: String?

    public init(name: String, width: Int, height: Int, rgba: [UInt8], kind: Board.Kind = .photo, path: String? = nil) {
        self.name = name
        self.path = path
        self.width = width
        self.height = height
        self.rgba = rgba
        self.kind = kind
    }

    /// The board for a canvas set up as `configuration`; nil for a picture with no pixels.
    public func board(for configuration: SessionConfiguration) -> Board? {
        Board.fitting(rgba, width: width, height: height, canvasWidth: configuration.canvasWidth,
                      canvasHeight: configuration.canvasHeight, background: configuration.background, kind: kind)
    }
}
