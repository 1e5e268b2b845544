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
    /// Reading or writing failed (disk full, permissions); what was saved before is intact.
    case io(path: String, reason: String)
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
        case .io(let path, let reason): return "\(path): \(reason)"
        case .busy(let id): return "drawing '\(id)' is open in another marble; close it there first"
        case .badConfiguration(let why): return why
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
