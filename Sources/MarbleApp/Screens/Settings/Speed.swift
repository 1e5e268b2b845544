import Foundation

/// How far a tilt rolls the ball, as the settings screen offers it.
public enum Speed: Double, CaseIterable, Hashable, Sendable {
    case slow = 0.5, normal = 1, fast = 2

    /// The speed nearest a sensitivity on a log scale (the settings file may hold any number).
    public init(nearest sensitivity: Double) {
        let s = sensitivity.isFinite && sensitivity > 0 ? sensitivity : 1
        self = Self.allCases.min { Swift.abs(Foundation.log2($0.rawValue / s)) < Swift.abs(Foundation.log2($1.rawValue / s)) } ?? .normal
    }
}
