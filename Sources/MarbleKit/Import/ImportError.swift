/// Why phone recordings could not be imported.
///
/// The `marble` command maps these to exit codes: `missing` to 66 (no input), the others to
/// 65 (bad data).
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path does not exist.
    case missing(path: String)
    /// Nothing in the paths could be imported; `lookedFor` says what was looked for and what was found.
    case nothingImportable(lookedFor: String)
    /// A file that was recognised holds a row that cannot be used (1-based line number).
    case badData(path: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .missing(let path):
            return "\(path): no such file or folder"
        case .nothingImportable(let lookedFor):
            return "nothing to import: looked for \(lookedFor)"
        case .badData(let path, let line, let reason):
            return "\(path):\(line): \(reason)"
        }
    }
}
