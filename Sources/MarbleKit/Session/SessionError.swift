/// Why a session refused a sample.
public enum SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A sample's time is earlier than the previous one's.
    case timeWentBackwards(previous: Double, got: Double)
    /// A sample's time is more than `SessionConfiguration.maxDuration` after the first.
    case timeTooFar(Double)

    public var description: String {
        switch self {
        case .timeWentBackwards(let previous, let got):
            return "time goes backwards: \(got) after \(previous)"
        case .timeTooFar(let t):
            return "time \(t) is more than \(Int(SessionConfiguration.maxDuration)) s after the first sample"
        }
    }
}
