import MarbleKit

/// The app's colours.
public enum Palette {
    public static let backdrop = RGBA8(40, 44, 62)
    public static let panel = RGBA8(58, 64, 88)
    public static let button = RGBA8(74, 112, 196)
    public static let go = RGBA8(46, 160, 90)
    public static let danger = RGBA8(206, 64, 64)
    public static let neutral = RGBA8(110, 116, 140)
    public static let text = RGBA8(255, 255, 255)
    public static let dimText = RGBA8(200, 204, 220)
    public static let focus = RGBA8(255, 214, 64)
    public static let shade = RGBA8(0, 0, 0, 150)
    /// A trace shape's dotted guide: faint over any paint.
    public static let guide = RGBA8(40, 48, 90, 110)
    /// The trace challenges' buttons.
    public static let trace = RGBA8(150, 90, 190)
    /// One marble or two.
    public static let players = RGBA8(196, 110, 60)
    /// Stars earned.
    public static let star = RGBA8(255, 200, 40)
}
