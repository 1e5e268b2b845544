/// One drawing handed in: what goes to the class folder, and how far it got.
///
/// Kept in the outbox as `CODE/entry.json` beside the files themselves; its own methods change
/// it as the courier tries, fails and delivers.
public struct HandIn: Codable, Equatable, Sendable {
    /// Whether it still waits to be sent.
    public enum State: String, Codable, Sendable {
        case waiting, sent
    }

    /// One file of a hand-in (the picture, the marble log, the time-lapse).
    public struct File: Codable, Equatable, Sendable {
        /// Its name in the outbox (`ID-CODE.png`).
        public var name: String
        /// Its name on the server: the same, unless a different file already had it there.
        public var remote: String
        public var size: Int
        /// Whether the class folder has it, whole.
        public var sent: Bool
    }

    public let code: String
    /// The drawing's id in the store it came from.
    public let drawing: String
    public let title: String
    /// The child's name as chosen, "" when the machine has no names.
    public let child: String
    /// The folder in the class folder it goes to ("" for the class folder itself).
    public let folder: String
    /// When it was handed in, seconds since 1970.
    public let created: Double
    public private(set) var files: [File]
    public private(set) var state: State
    public private(set) var tries: Int
    /// Why the last try failed, in words (nil once sent, or before the first try).
    public private(set) var error: String?
    /// Not to be tried again before this time (backoff), seconds since 1970.
    public private(set) var nextTry: Double
    public private(set) var sentAt: Double?

    init(code: DrawingCode, drawing: String, title: String, child: String, folder: String, created: Double, files: [File]) {
        self.code = code.text
        self.drawing = drawing
        self.title = title
        self.child = child
        self.folder = folder
        self.created = created
        self.files = files
        state = .waiting
        tries = 0
        nextTry = created
    }

    /// A file's path in the class folder.
    public func remotePath(_ file: File) -> String { folder.isEmpty ? file.remote : folder + "/" + file.remote }

    /// Notes that the class folder has `name` whole.
    mutating func fileArrived(_ name: String) {
        guard let i = files.firstIndex(where: { $0.name == name }) else { return }
        files[i].sent = true
    }

    /// Gives `name` its `n`th name on the server (`ID-CODE-2.png` for 2, …): a different file had
    /// the ones before.
    mutating func renameOnServer(_ name: String, _ n: Int) {
        guard let i = files.firstIndex(where: { $0.name == name }), let dot = name.lastIndex(of: ".") else { return }
        files[i].remote = String(name[..<dot]) + "-\(n)" + String(name[dot...])
    }

    /// Notes a try that ended with every file in: sent.
    mutating func delivered(at time: Double) {
        tries += 1
        state = .sent
        error = nil
        sentAt = time
    }

    /// Notes a failed try: why, and when to try again (2 s, doubling up to 5 minutes).
    mutating func failed(_ problem: ClassProblem, at time: Double) {
        tries += 1
        error = problem.description
        nextTry = time + Self.backoff(afterTries: tries)
    }

    /// Seconds to wait after `tries` failed tries: 2, 4, 8, … up to 300.
    public static func backoff(afterTries tries: Int) -> Double {
        var wait = 2.0
        for _ in 1..<max(1, min(tries, 10)) { wait *= 2 }
        return min(wait, 300)
    }
}
