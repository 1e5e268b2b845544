/// Why a session refused a sample.
public enum SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A sample's time is earlier than the previous one's.
    case timeWentBackwards(previous: Double, got: Double)
    /// A sample's time is more than `SessionConfiguration.maxDuration` after the first.
    case timeTooFar(Double)
    /// A row held another number of samples than the drawing has marbles.
    case rowSize(Int, marbles: Int)
    /// A saved drawing of an earlier build's two-marble format (version 3) cannot keep this
    /// sample's see-through paint (nothing was fed).
    case notKept(opacity: Double)

    public var description: String {
        switch self {
        case .timeWentBackwards(let previous, let got):
            return "time goes backwards: \(got) after \(previous)"
        case .timeTooFar(let t):
            return "time \(t) is more than \(Int(SessionConfiguration.maxDuration)) s after the first sample"
        case .rowSize(let n, let marbles):
            return "a row of \(n) sample\(n == 1 ? "" : "s") for a drawing of \(marbles) marble\(marbles == 1 ? "" : "s")"
        case .notKept(let opacity):
            return "see-through paint (opacity \(opacity)) is not kept in a two-marble drawing of an earlier marble (format version 3): start a new drawing for it"
        }
    }
}
