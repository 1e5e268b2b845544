/// An RGBA8 picture that trails are painted on, with a log of what changed for front ends
/// (Canvas+Changes.swift).
///
/// Origin top left, y down; pixel (i, j) has its centre at (i + 0.5, j + 0.5).
public final class Canvas {
    public let width: Int
    public let height: Int
    public let background: RGBA8
    /// The picture under the paint, or nil for the empty board (see `Board`).
    public let board: Board?
    // The pixels and layer planes, reached only through `buffer`, which paints the queued
    // pieces first (PieceQueue.swift): no reader or writer can see them half painted.
    private let storage: PixelBuffer

    // What changed, for `changes(since:)`, reached only through `changeLog` (which paints the
    // queued pieces first). Noted once per painted piece: no dynamic exclusivity check (the
    // canvas is not shared across threads, and no access to it overlaps another).
    @exclusivity(unchecked) private var log = ChangeLog()

    /// Pieces of trail painted later, all at once (see PieceQueue.swift). Queued to once per
    /// piece: unchecked at run time, as `log` is.
    @exclusivity(unchecked) var pieces: PieceQueue

    /// The pixels and layer planes, every queued piece painted.
    var buffer: PixelBuffer {
        paintQueuedPieces()
        return storage
    }

    /// What changed, every queued piece painted and noted.
    var changeLog: ChangeLog {
        get {
            paintQueuedPieces()
            return log
        }
        set {
            paintQueuedPieces()
            log = newValue
        }
    }

    /// Paints the queued pieces, in order, and notes each in the change log.
    func paintQueuedPieces() {
        if !pieces.isEmpty { pieces.paint(noting: &log) }
    }

    /// Queues `piece`: a full queue is painted on another thread meanwhile, and with
    /// `.immediate` timing each piece at once.
    func queue(_ piece: QueuedPiece) {
        guard pieces.add(piece) else { return }
        if pieces.timing == .immediate { paintQueuedPieces() } else { pieces.send(noting: &log) }
    }

    deinit {
        // The planes go with the canvas: not while a batch is still painting on them.
        pieces.waitUntilPainted()
    }

    // The highest layer number given to a stroke (see Canvas+Stroke.swift): each stroke paints
    // in a layer of its own, so with several pens open an open stroke's may be an older one.
    var layersIssued: UInt32 = 0

    /// Largest canvas side accepted, in px (8192² takes about 1.3 GB with the layer planes).
    public static let maxSide = 8192

    /// A canvas filled with `background`, or showing `board` (a board of another size is
    /// left out). Sides are clamped to `1...maxSide`. With `memory`, its planes come from that
    /// pool and go back to it (see `CanvasMemory`).
    public init(width: Int, height: Int, background: RGBA8 = .paper, board: Board? = nil, memory: CanvasMemory? = nil) {
        self.width = min(max(width, 1), Self.maxSide)
        self.height = min(max(height, 1), Self.maxSide)
        self.background = background
        self.board = board.flatMap { [w = self.width, h = self.height] in $0.width == w && $0.height == h ? $0 : nil }
        storage = PixelBuffer(width: self.width, height: self.height, fill: background.packed, memory: memory)
        if let b = self.board {
            storage.keepBoard(b.pixels, fill: background.packed)
            if b.kind == .page { storage.keepLines(b.pixels) }
        }
        pieces = PieceQueue(storage)
    }

    /// A canvas showing `picture` (RGBA8, rows top to bottom: `pixelBytes` of one this size),
    /// no stroke open.
    init(width: Int, height: Int, background: RGBA8, board: Board? = nil, picture: [UInt8]) {
        let (w, h) = (min(max(width, 1), Self.maxSide), min(max(height, 1), Self.maxSide))
        self.width = w
        self.height = h
        self.background = background
        self.board = board.flatMap { $0.width == w && $0.height == h ? $0 : nil }
        storage = picture.withUnsafeBytes { PixelBuffer(width: w, height: h, picture: $0, fill: background.packed) }
        if let b = self.board {
            storage.keepBoard(b.pixels, fill: background.packed, show: false)
            if b.kind == .page { storage.keepLines(b.pixels) }
        }
        pieces = PieceQueue(storage)
        // As `restorePicture` notes it: a front end showing it draws it whole.
        changeLog.note(bounds)
    }

    /// The colour of one pixel.
    public func pixel(x: Int, y: Int) -> RGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
        return RGBA8(packed: buffer[y * width + x])
    }

    /// Calls `body` with the picture: RGBA8, rows top to bottom, no padding.
    public func withPixelBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try buffer.withBytes(body)
    }

    /// A copy of the picture: RGBA8, rows top to bottom, no padding.
    public var pixelBytes: [UInt8] { buffer.bytes() }

    /// The whole canvas, as a rectangle.
    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Shows the board again (the background colour without one) and forgets every layer (the
    /// pens that painted on it are their owners' to close).
    func clear() {
        buffer.resetToBoard(fill: background.packed)
        changeLog.note(bounds)
    }

    /// Puts back a picture copied from this canvas (`pixelBytes`) and forgets every layer, as
    /// `clear` does.
    func restorePicture(_ pixels: [UInt8]) {
        pixels.withUnsafeBytes { buffer.load($0) }
        changeLog.note(bounds)
    }

    /// How many pixels differ from the board (the background without one), and the box around them.
    public func inkStatistics() -> (pixels: Int, box: PixelRect?) {
        buffer.inkStatistics(background: background.packed)
    }
}
