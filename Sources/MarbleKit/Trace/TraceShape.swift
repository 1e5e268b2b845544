/// A shape a child can trace: drawn as a faint guide over the canvas, never into it.
///
/// The store keeps a drawing's shape by its raw value, so the names are part of the format.
public enum TraceShape: String, CaseIterable, Sendable, Codable, Equatable {
    case circle, square, star, heart
}
