import MarbleKit

/// A keyboard half's keys: which tilt, which turn, which lifts the pen, which are its tools,
/// and how Setup and the help say them. Written once, in `Hand.keys`: the controls
/// (`InputState.keyState`), the tool keys (`App.toolAction`), Setup's line and the help's
/// rows all read it.
public struct HandKeys: Sendable {
    /// The keys that tilt the marble left, right, towards the top and towards the bottom.
    public var left: [Key], right: [Key], up: [Key], down: [Key]
    /// The keys that turn the colour counter-clockwise and clockwise.
    public var turnLeft: Key, turnRight: Key
    /// The key held to lift the pen.
    public var pen: Key
    /// The tool keys, each with its tool.
    public var tools: [Key: ToolKey]
    /// How the tilt, turn and pen keys are said on Setup's line, and as the help's rows.
    public var words: String, rows: [String]

    /// Every key of the half.
    public var all: Set<Key> { Set(left + right + up + down + [turnLeft, turnRight, pen] + Array(tools.keys)) }
}

/// A tool a key picks, for the player whose half the key is.
public enum ToolKey: Hashable, Sendable {
    case eraser, brush(PenTool.Brush), glass

    /// The action for player `p`.
    func action(player p: Int) -> Action {
        switch self {
        case .eraser: .toggleEraser(player: p)
        case .brush(let b): .chooseBrush(b, player: p)
        case .glass: .nextOpacity(player: p)
        }
    }
}

extension Hand {
    /// This half's keys: the one table.
    public var keys: HandKeys {
        switch self {
        case .whole:
            HandKeys(left: [.left, .a], right: [.right, .d], up: [.up, .w], down: [.down, .s],
                     turnLeft: .q, turnRight: .e, pen: .space, tools: Self.leftTools,
                     words: tr("arrows or WASD · Q/E · Space"), rows: [tr("Arrow keys"), "Q  /  E", tr("Hold Space")])
        case .left:
            HandKeys(left: [.a], right: [.d], up: [.w], down: [.s],
                     turnLeft: .q, turnRight: .e, pen: .space, tools: Self.leftTools,
                     words: "WASD · Q/E · Space", rows: ["W A S D", "Q  /  E", tr("Hold Space")])
        case .right:
            HandKeys(left: [.left], right: [.right], up: [.up], down: [.down],
                     turnLeft: .comma, turnRight: .period, pen: .rightShift,
                     tools: [.slash: .eraser, .eight: .brush(.thin), .nine: .brush(.normal), .zero: .brush(.fat), .minus: .glass],
                     words: tr("arrows · , . · Right Shift"), rows: [tr("Arrow keys"), ",  /  .", tr("Hold Right Shift")])
        }
    }

    // A child alone has the left hand's tools: X, 1, 2, 3 and G.
    private static let leftTools: [Key: ToolKey] = [.x: .eraser, .one: .brush(.thin), .two: .brush(.normal), .three: .brush(.fat), .g: .glass]

    /// The keys that lift a pen, whichever hand.
    static let penKeys: Set<Key> = Set(allCases.map(\.keys.pen))
}
