import MarbleKit

/// What one frame shows: layers of shapes, text and buttons, drawn in order.
///
/// Screens describe themselves as a scene; a platform draws it. Only the top layer's buttons
/// take focus and clicks, so a dialog on top makes the screen under it inert.
public struct Scene: Equatable, Sendable {
    public var background: RGBA8
    public var layers: [Layer]
    /// The focused button of the top layer, if any.
    public var focus: Int?
    /// Shapes over every layer and its buttons, taking no input: the notice along the bottom,
    /// which the buttons there would otherwise cover.
    public var overlay: [Element]

    public init(background: RGBA8 = Palette.backdrop, layers: [Layer] = [Layer()], focus: Int? = nil, overlay: [Element] = []) {
        self.background = background
        self.layers = layers
        self.focus = focus
        self.overlay = overlay
    }

    /// The buttons that take input: the top layer's.
    public var buttons: [Button] { layers.last?.buttons ?? [] }

    /// Every text on screen, in drawing order (for tests and accessibility checks).
    public var texts: [String] {
        func words(_ elements: [Element]) -> [String] {
            elements.compactMap { if case .text(let t, _, _, _, _, _) = $0 { t } else { nil } }
        }
        return layers.flatMap { words($0.elements) + $0.buttons.map(\.label) } + words(overlay)
    }
}

/// One layer of a scene: shapes first, then buttons.
public struct Layer: Equatable, Sendable {
    public var elements: [Element] = []
    public var buttons: [Button] = []

    public init(elements: [Element] = [], buttons: [Button] = []) {
        self.elements = elements
        self.buttons = buttons
    }
}

/// A shape, text or picture in a scene.
public enum Element: Equatable, Sendable {
    /// A filled rectangle with rounded corners of `radius`.
    case box(Rect, RGBA8, radius: Double)
    /// A line of text at the point; with `maxWidth`, shrunk to it when it is wider (a device's
    /// name beside the next column).
    case text(String, Point, TextSize, RGBA8, TextAlign, maxWidth: Double? = nil)
    /// The current drawing's canvas, scaled into the rectangle.
    case canvas(Rect)
    /// The marble: filled with the paint colour while the pen is down, a ring while it is up.
    case ball(center: Point, radius: Double, color: RGBA8, penDown: Bool)
    /// The marble while erasing: white, with a dashed rim.
    case eraserBall(center: Point, radius: Double)
    /// A ring of `width` round `center`: a player's colour round their ball and their dial.
    case ring(center: Point, radius: Double, width: Double, color: RGBA8)
    /// A dial showing the heading (degrees clockwise from north) in its colour.
    case heading(center: Point, radius: Double, degrees: Double, color: RGBA8)
    case icon(Icon, Rect, RGBA8)
    /// A PNG file from disk (a gallery thumbnail), fitted into the rectangle.
    case picture(path: String, Rect)
    /// Round dots of `radius` at each point, see-through: a trace shape's guide over the canvas.
    case dots([Point], radius: Double, RGBA8)
    /// A QR code, dark modules on white with its quiet zone of four modules, as big as fits
    /// in the rectangle in whole pixels a module; `payload` is the text it holds.
    case qr(QRMatrix, payload: String, Rect)
    /// The tilt pad picture: a tablet seen from above, tipped as `tilt` says (x right, y away
    /// from the child), a ball on it rolled that way; `pulse` (0 to 1) rings it to catch the eye
    /// (a hint), 0 for no ring.
    case tiltPad(Rect, tilt: Vec2, pulse: Double)
    /// A swelling ring round a button a hint names; `amount` 0 to 1.
    case pulse(Rect, amount: Double)
}

/// Text sizes; the platform scales them with the window.
public enum TextSize: Int, Equatable, Sendable {
    case small = 20, body = 28, title = 44, huge = 72
}

public enum TextAlign: Equatable, Sendable {
    case left, center, right
}

/// A big target: an icon first, a word under it, a key hint in the corner.
public struct Button: Equatable, Sendable {
    public var action: Action
    public var icon: Icon?
    public var label: String
    public var rect: Rect
    public var color: RGBA8
    /// For an option (Real or Easy ball, a difficulty, a setting): whether it is chosen;
    /// nil for a button that is not an option.
    public var selected: Bool?
    /// The keyboard shortcut, shown small ("N").
    public var key: String?
    /// A picture shown instead of the icon (a drawing's thumbnail).
    public var picture: String?

    public init(_ action: Action, icon: Icon?, label: String, rect: Rect, color: RGBA8 = Palette.button,
                selected: Bool? = nil, key: String? = nil, picture: String? = nil) {
        self.action = action
        self.icon = icon
        self.label = label
        self.rect = rect
        self.color = color
        self.selected = selected
        self.key = key
        self.picture = picture
    }
}

/// The pictures on buttons: simple shapes a child reads without words.
public enum Icon: Equatable, Sendable {
    case plus, play, gallery, quit, realBall, easyBall, check, save, home, trash, back, pause, penUp, log, cross
    case keyboard, gamepad
    /// A curved arrow back (undo) or on (redo).
    case undo, redo
    /// A gear (settings), a speaker (sound on or off), an up-down arrow, mirrored arrows.
    case gear, soundOn, soundOff, upDown, mirror
    /// A head speaking (the voice on), or with a cross (off).
    case voiceOn, voiceOff
    /// A question mark: help.
    case help
    /// The eraser, and a brush as a dot of its width in px.
    case eraser, brush(Double)
    /// A framed picture (a hill and the sun), or an empty frame (the empty board).
    case picture(Bool)
    /// A drop of paint as see-through as the pen's (opacity 0 to 1): the glass button.
    case glass(Double)
    /// A small square and a big one: the big-buttons setting.
    case bigButtons
    /// A stopwatch: seconds spent moving.
    case stopwatch
    /// A screen with a play sign (watch the drawing grow), a film strip (save a time-lapse),
    /// and double arrowheads on or back (faster, slower).
    case watch, film, faster, slower
    /// One, two or three dots: easy, normal, hard.
    case level(Int)
    /// A trace shape's outline; nil, a free squiggle (no shape to trace).
    case trace(TraceShape?)
    /// A star earned (filled) or not (an outline): the end screen's score.
    case star(earned: Bool)
    /// A phone (or handheld); a device lying flat under the screen; the same with its far
    /// edge tipped down (the calibration's two pictures).
    case phone, deviceFlat, deviceTipped
    /// A pad with a crossed tilt sign: its tilt is there, and the system hides it.
    case tiltBlocked
    /// One marble, or two side by side (two children drawing together).
    case marbles(Int)
    /// A tray (hand in); a clock (it waits); a cloud with a cross (the class folder does not
    /// answer); a key (a wrong password); a full tray (the server is full); a cloud with an
    /// arrow down (open a code); three heads (the class).
    case tray, clock, cloudCross, key, fullTray, cloudDown, people
    /// An open padlock: the class folder's password crosses the network unencrypted (plain http://).
    case openPadlock
    /// A child's own shape on the names screen (0 to 5: ball, star, triangle, square, diamond, heart).
    case nameMark(Int)
    /// A figure 1 to 9, in strokes as a clock's (the grown-up gate's numbers).
    case numeral(Int)
}
