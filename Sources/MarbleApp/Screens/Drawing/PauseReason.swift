/// Why the drawing is paused.
public enum PauseReason: Equatable, Sendable {
    /// Esc, B or Start.
    case user
    /// The pad in use was unplugged.
    case padRemoved
    /// The window was minimised or hidden.
    case hidden
}
