import MarbleKit

/// A drawing's latest hand-in as the window shows it: its code, whether the class folder has
/// it, and, while it waits after a failed try, why (as a picture).
public struct HandInStatus: Equatable, Sendable {
    /// Why a hand-in waits, as a child is shown it.
    public enum Reason: Equatable, Sendable {
        /// The class folder does not answer, or is not there (a cloud with a cross).
        case unreachable
        /// The user name or password is wrong, or the server says no (a key).
        case password
        /// The server is full (a full tray).
        case full
    }

    public var code: String
    public var sent: Bool
    /// Nil while it has not been tried and failed in this run of the window.
    public var reason: Reason?

    public init(code: String, sent: Bool, reason: Reason? = nil) {
        self.code = code
        self.sent = sent
        self.reason = reason
    }

    /// The picture for a class folder's problem.
    static func reason(of problem: ClassProblem) -> Reason {
        switch problem {
        case .unauthorized, .forbidden, .notWritable, .passwordNeeded: .password
        case .full: .full
        default: .unreachable
        }
    }

    /// Each drawing's latest hand-in (by id), from the outbox's entries and the problems met
    /// by code in this run.
    static func latest(_ handIns: [HandIn], problems: [String: ClassProblem]) -> [String: HandInStatus] {
        var out: [String: HandInStatus] = [:]
        // Oldest first: a later hand-in of the same drawing wins.
        for h in handIns {
            let sent = h.state == .sent
            out[h.drawing] = HandInStatus(code: h.code, sent: sent, reason: sent ? nil : problems[h.code].map(reason(of:)))
        }
        return out
    }
}
