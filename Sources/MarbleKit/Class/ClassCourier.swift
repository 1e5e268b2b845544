/// Sends what waits in the outbox to the class folder: each file once, whole, never over another.
///
/// Blocking and bounded (the transport gives up on a silent server within seconds): the window
/// runs it on a thread of its own, `marble class send` in the foreground. A file the server
/// already has under its name is read back: the same bytes mean an earlier try got it there
/// (a crash before the outbox noted it), so it is not sent twice; different bytes get the
/// file a name of its own.
public struct ClassCourier: Sendable {
    public let outbox: Outbox
    public let connection: ClassConnection

    public init(outbox: Outbox, connection: ClassConnection) {
        self.outbox = outbox
        self.connection = connection
    }

    /// What one round of sending did.
    public struct Round: Equatable, Sendable {
        /// Codes delivered in this round.
        public var delivered: [String] = []
        /// Codes tried and still waiting, with why.
        public var failed: [(code: String, problem: ClassProblem)] = []
        /// Whether another sender held the outbox (nothing was tried).
        public var busy = false

        public static func == (a: Round, b: Round) -> Bool {
            a.delivered == b.delivered && a.busy == b.busy && a.failed.map(\.code) == b.failed.map(\.code)
                && a.failed.map(\.problem) == b.failed.map(\.problem)
        }
    }

    /// Tries every waiting hand-in whose backoff has passed (every one with `force`). A problem
    /// of the whole class folder (no answer, a wrong password, no such folder) ends the round:
    /// the others would meet it too.
    public func sendWaiting(force: Bool = false) -> Round {
        var round = Round()
        let held = outbox.whileSending {
            let now = outbox.environment.clock()
            for var handIn in outbox.entries().handIns where handIn.state == .waiting && (force || handIn.nextTry <= now) {
                do throws(ClassProblem) {
                    try send(&handIn)
                    handIn.delivered(at: outbox.environment.clock())
                    round.delivered.append(handIn.code)
                    try? outbox.save(handIn)
                } catch {
                    handIn.failed(error, at: outbox.environment.clock())
                    try? outbox.save(handIn)
                    round.failed.append((handIn.code, error))
                    if error.endsRound { break }
                }
            }
        }
        round.busy = !held
        return round
    }

    private func send(_ handIn: inout HandIn) throws(ClassProblem) {
        // On a File drop the child is named by Nextcloud's nickname header, not a folder.
        let isDrop = (try? connection.setup.address.isDrop) ?? false
        let transport = try connection.transport(nickname: isDrop && !handIn.child.isEmpty ? handIn.child : nil)
        if !handIn.folder.isEmpty { try transport.makeFolder(handIn.folder) }
        for file in handIn.files where !file.sent {
            let bytes: [UInt8]
            do { bytes = try outbox.bytes(of: file, in: handIn) } catch {
                throw .notWritable(outbox.filePath(handIn.code, file.name), why: error.description)
            }
            var attempts = 0
            while true {
                let current = handIn.files.first { $0.name == file.name } ?? file
                let path = handIn.remotePath(current)
                if try transport.create(path, bytes: bytes) == .created { break }
                if try sameFile(path, bytes, transport) { break }
                attempts += 1
                guard attempts < 20 else { throw .server(path, status: 412, reason: "every name for this file is taken") }
                handIn.renameOnServer(file.name, attempts + 1)
            }
            handIn.fileArrived(file.name)
            // Noted at once: a crash now does not send this file again.
            try? outbox.save(handIn)
        }
    }
}

/// Whether the file at `path` holds exactly `bytes` (a larger one cannot).
private func sameFile(_ path: String, _ bytes: [UInt8], _ transport: any ClassTransport) throws(ClassProblem) -> Bool {
    do {
        return try transport.read(path, limit: bytes.count) == bytes
    } catch {
        if case .tooLarge = error { return false }
        throw error
    }
}

extension ClassProblem {
    /// Whether the problem is the class folder's as a whole, not one file's.
    var endsRound: Bool {
        switch self {
        case .unreachable, .unauthorized, .notFound, .notWebDAV, .badAddress, .full, .passwordNeeded, .plainHTTP, .untrusted: return true
        default: return false
        }
    }
}
