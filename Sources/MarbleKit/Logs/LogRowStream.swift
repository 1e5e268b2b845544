import Dispatch
import Synchronization

/// A log read on a thread of its own while its rows are used: blocks of rows handed over in
/// the file's order as they are read, a few blocks ahead at most.
///
/// Replaying an hour's log spends about a third of its time reading numbers (issue 30's
/// profile of `marble replay`); read on the other core while the session steps, a replay takes
/// about the longer of the two instead of their sum. What it reads is what `MarbleLog.read`
/// reads, line for line (one `LogTextReader`): the same metadata, samples, lines, dropped rows
/// and issues. An issue comes after the blocks of the rows before its line. The rows are laid out for the session on the reading thread too.
public final class LogRowStream: Sendable {
    /// The rows read since the block before.
    public struct Block: Sendable {
        /// The rows' samples, row after row, one a marble in each (marble 1's first).
        public var samples: [Sample]
        /// Samples in a row.
        public var marbleCount: Int
        /// The line each row came from.
        public var lines: [Int]
        /// Rows dropped for NaN or infinite values, each with its line.
        public var dropped: [LogIssue]
        /// How far into the file the block ends, in bytes.
        public var end: Int

        /// The rows a reader read, one sample a marble each, row after row.
        init(samples: [Sample], marbleCount: Int, lines: [Int], dropped: [LogIssue], end: Int) {
            self.samples = samples
            self.marbleCount = marbleCount
            self.lines = lines
            self.dropped = dropped
            self.end = end
        }

        /// Rows in the block.
        public var count: Int { lines.count }

        /// Row `k`: one sample a marble, as `DrawingSession.feed` takes a row.
        public func row(_ k: Int) -> ArraySlice<Sample> {
            samples[k * marbleCount ..< (k + 1) * marbleCount]
        }
    }

    /// The `# key: value` lines before the header row.
    public let metadata: [MarbleLog.Metadata]
    /// Marbles in the log (its header row's columns).
    public let marbleCount: Int
    /// The file's length in bytes.
    public let byteCount: Int

    private let pipe: Pipe

    /// Reads the file (through `io`, the environment's) and its head (up to the header row) now,
    /// the rows on another thread.
    /// - Parameters:
    ///   - linesPerBlock: lines read into each block handed over.
    ///   - ahead: blocks read before the first is taken; the reader waits for room after that.
    /// - Throws: `LogIssue` as `MarbleLog.read` throws it for a missing file or a bad head.
    public init(contentsOf path: String, io: FileIO, linesPerBlock: Int = 4096, ahead: Int = 8) throws(LogIssue) {
        let bytes = try MarbleLog.bytes(of: path, io: io)
        var reader = LogTextReader(path: path)
        let start = try bytes.withUnsafeBufferPointer { (b) throws(LogIssue) in try reader.readHead(b) }
        if reader.headerLine == 0 { try reader.finish() }
        metadata = reader.metadata
        marbleCount = reader.marbleCount
        byteCount = bytes.count
        pipe = Pipe(ahead: max(ahead, 1))
        let pipe = self.pipe, lines = max(linesPerBlock, 1), marbles = marbleCount
        // The reader is moved to the thread: from here on only it touches the reader and the bytes.
        let head = reader
        DispatchQueue.global(qos: .userInitiated).async {
            var reader = head
            var at = start
            bytes.withUnsafeBufferPointer { b in
                repeat {
                    guard pipe.waitForRoom() else { return }
                    do throws(LogIssue) {
                        at = try reader.read(b, from: at, lines: lines)
                    } catch {
                        let rows = reader.takeRows()
                        pipe.put(Block(samples: rows.samples, marbleCount: marbles, lines: rows.lines, dropped: rows.dropped, end: at),
                                 failure: error)
                        return
                    }
                    let rows = reader.takeRows()
                    pipe.put(Block(samples: rows.samples, marbleCount: marbles, lines: rows.lines, dropped: rows.dropped, end: at),
                             ended: at >= b.count)
                } while at < b.count
            }
        }
    }

    deinit {
        pipe.cancel()
    }

    /// The next block of rows, waiting for it to be read; nil after the last.
    /// - Throws: the `LogIssue` that stopped the reading, once the rows before it were taken.
    public func next() throws(LogIssue) -> Block? {
        try pipe.take()
    }

    /// The hand-over between the reading thread and the taker: blocks in order, then the end
    /// or an issue.
    private final class Pipe: Sendable {
        private struct State {
            var blocks: [Block] = []
            var failure: LogIssue?
            var ended = false
            var cancelled = false
        }

        private let state = Mutex(State())
        /// Signalled once for every change a taker may be waiting for.
        private let ready = DispatchSemaphore(value: 0)
        /// Blocks that may be read ahead of the taker.
        private let room: DispatchSemaphore

        init(ahead: Int) {
            // Made at 0 and raised: libdispatch traps when a semaphore goes away below the value
            // it was made with, as `room` does when the taker stops early.
            room = DispatchSemaphore(value: 0)
            for _ in 0..<ahead { room.signal() }
        }

        /// Waits until a block may be read; false once the taker is gone.
        func waitForRoom() -> Bool {
            room.wait()
            return !state.withLock { $0.cancelled }
        }

        func put(_ block: Block, ended: Bool = false, failure: LogIssue? = nil) {
            state.withLock {
                if block.count > 0 || !block.dropped.isEmpty { $0.blocks.append(block) }
                $0.ended = ended
                $0.failure = failure
            }
            ready.signal()
        }

        func take() throws(LogIssue) -> Block? {
            while true {
                let (block, failure, ended) = state.withLock { s -> (Block?, LogIssue?, Bool) in
                    s.blocks.isEmpty ? (nil, s.failure, s.ended) : (s.blocks.removeFirst(), nil, false)
                }
                if let block {
                    room.signal()
                    return block
                }
                if let failure { throw failure }
                if ended { return nil }
                ready.wait()
            }
        }

        /// The taker is gone: the reader stops at its next block.
        func cancel() {
            state.withLock { $0.cancelled = true }
            room.signal()
        }
    }
}
