/// One reading of a phone's browser page: its motion at a moment, in the page's own terms.
///
/// `accelerationIncludingGravity` in m/s² and `rotationRate` in deg/s, in the device frame the
/// page has already turned to the screen's orientation and corrected for iOS's gravity sign;
/// the compass heading of the phone's top edge in degrees (nil when the browser gives none);
/// the page's big buttons held.
public struct PhoneReading: Equatable, Sendable {
    /// The page's clock (`performance.now()`), ms.
    public var time: Double
    public var gravity: (x: Double, y: Double, z: Double)
    public var rotation: (alpha: Double, beta: Double, gamma: Double)
    public var heading: Double?
    public var buttons: PhoneButtons

    public init(time: Double, gravity: (x: Double, y: Double, z: Double), rotation: (alpha: Double, beta: Double, gamma: Double),
                heading: Double?, buttons: PhoneButtons) {
        self.time = time
        self.gravity = gravity
        self.rotation = rotation
        self.heading = heading
        self.buttons = buttons
    }

    public static func == (a: PhoneReading, b: PhoneReading) -> Bool {
        a.time == b.time && a.gravity == b.gravity && a.rotation == b.rotation && a.heading == b.heading && a.buttons == b.buttons
    }
}

/// The page's big buttons a child holds.
public struct PhoneButtons: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Held: the pen is lifted.
    public static let penUp = PhoneButtons(rawValue: 1)
    /// Held: the eraser.
    public static let eraser = PhoneButtons(rawValue: 2)
    /// Pressed: undo (once a press).
    public static let undo = PhoneButtons(rawValue: 4)
}
