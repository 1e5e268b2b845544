import MarbleKit

/// A child at the board: their number and colour, their controls (tilt, heading, the motion
/// of their device) and their tool. What they drive with is the seating's (`InputState.seating`).
public struct Player: Sendable {
    /// Which player, from 0: player 1 is index 0, and drives marble 1.
    public let index: Int
    /// The tilt, heading and motion integrators.
    public internal(set) var controls: Controls
    /// The pen their marble lays down (eraser, width).
    public internal(set) var tool: PenTool

    init(index: Int, heading: Double = 0, tool: PenTool = PenTool()) {
        self.index = index
        controls = Controls(heading: heading)
        self.tool = tool
    }

    /// Their colour: not the paint's (that follows the heading), but who they are, on their
    /// ball's rim, their dial, their tools and their panel (`PlayerColors`).
    public var color: RGBA8 { PlayerColors.color(of: index) }
}
