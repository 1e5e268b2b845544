/// What went wrong in the drawing store, in words a parent can act on.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No drawing has this id.
    case notFound(id: String)
    /// The id cannot name a drawing (ids are lowercase letters, digits and dashes).
    case badID(String)
    /// The store holds no drawings (for commands that default to the latest).
    case empty(store: String)
    /// A file written by a newer MarbleKit: left untouched.
    case newerVersion(path: String, version: UInt32, supported: UInt32)
    /// A file that is damaged beyond what can be recovered, or is not a marble file at all.
    case damaged(path: String, detail: String)
    /// Reading or writing failed (disk full, permissions); what was saved before is intact,
    /// and `safe` says what is (nil: nothing more to say).
    case io(path: String, failure: IOFailure, safe: Safe? = nil)
    /// Another marble has this drawing open.
    case busy(id: String)
    /// The configuration cannot make a drawing.
    case badConfiguration(String)

    public var description: String {
        switch self {
        case .notFound(let id): return "no drawing '\(id)' in the store"
        case .badID(let id): return "'\(id)' is not a drawing id (ids are lowercase letters, digits and dashes)"
        case .empty(let store): return "there are no drawings in \(store) yet"
        case .newerVersion(let path, let v, let supported):
            return "\(path): written by a newer marble (format version \(v); this one reads up to \(supported)); left untouched"
        case .damaged(let path, let detail): return "\(path): \(detail)"
        case .io(let path, let failure, let safe): return "\(path): \(failure)" + (safe.map { "; \($0)" } ?? "")
        case .busy(let id): return "drawing '\(id)' is open in another marble; close it there first"
        case .badConfiguration(let why): return why
        }
    }

    /// The description without the path, for messages that name the file themselves.
    public var reason: String {
        switch self {
        case .damaged(_, let detail): return detail
        case .io(_, let failure, let safe): return "\(failure)" + (safe.map { "; \($0)" } ?? "")
        default: return description
        }
    }

    /// What a failed write leaves safe, for the message.
    public enum Safe: Equatable, Sendable, CustomStringConvertible {
        /// The journal holds this many seconds of drawing, intact.
        case savedUpTo(seconds: Double)
        /// The journal is saved: a snapshot or thumbnail failed, and the drawing is safe.
        case journalSaved
        /// The disk did not confirm the last save (an earlier background flush failed).
        case lastSaveUnconfirmed
        /// The damaged file was left as it was.
        case damagedFileLeft

        public var description: String {
            switch self {
            case .savedUpTo(let s): "saved up to \(formatSeconds(s)) of drawing, which is intact"
            case .journalSaved: "the journal is saved, so the drawing is safe"
            case .lastSaveUnconfirmed: "the disk did not confirm the last save"
            case .damagedFileLeft: "the damaged journal is left as it was"
            }
        }
    }

    /// Whether the problem is damaged or foreign data (exit 65) rather than I/O or usage.
    public var isBadData: Bool {
        switch self {
        case .newerVersion, .damaged: return true
        default: return false
        }
    }
}
