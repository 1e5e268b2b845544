import Foundation
import MarbleTestSupport
@testable import MarbleKit

/// A throwaway drawing store in a fresh temporary folder, and helpers for store tests.
final class StoreScratch: TempFolder {
    /// The store's root: a folder inside, so that the store makes it (and sets its mode).
    var root: String { path("store") }

    init() throws { try super.init("store") }

    func store(io: FileIO = .system) throws -> DrawingStateStore {
        try DrawingStateStore(root: root, environment: Environment(clock: Environment.systemClock, monotonic: Environment.system.monotonic, io: io))
    }

    func folder(_ id: String) -> String { root + "/drawings/" + id }

    /// Every file of a drawing, by name, for "untouched" checks.
    func files(_ id: String) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder(id))) ?? [] {
            out[name] = bytes(folder(id) + "/" + name)
        }
        return out
    }
}

/// A shipped log's samples.
func replaySamples(_ name: String, first n: Int = .max) throws -> [Sample] {
    Array(try MarbleLog.read(contentsOf: Repository.replay(name), io: .system).log.marbles[0].prefix(n))
}

/// The parts of a session that must match bit for bit after a save and a reopen.
struct SessionFingerprint: Equatable, CustomStringConvertible {
    var hash: String
    var position: [UInt64]
    var velocity: [UInt64]
    var samples: Int
    var segments: Int
    var stepCount: Int64
    var movement: MovementMeter

    init(_ s: DrawingSession) { self.init(ReadOnlySession(s)) }

    init(_ s: ReadOnlySession) {
        hash = s.canvas.withPixelBytes { SHA256.hex($0) }
        position = [s.marbles[0].ball.position.x.bitPattern, s.marbles[0].ball.position.y.bitPattern]
        velocity = [s.marbles[0].ball.velocity.x.bitPattern, s.marbles[0].ball.velocity.y.bitPattern]
        samples = s.acceptedSamples
        segments = s.segmentCount
        stepCount = s.stepCount
        movement = s.marbles[0].movement
    }

    var description: String { "\(samples) samples, \(segments) segments, step \(stepCount), \(hash.prefix(12))" }
}

/// A session fed `samples` from a blank canvas: the reference a stored drawing must equal.
func referenceSession(_ configuration: SessionConfiguration, _ samples: [Sample]) throws -> DrawingSession {
    let s = DrawingSession(configuration: configuration)
    for x in samples { try s.feed([x]) }
    return s
}

/// A `write` that manages `budget` bytes in all, then fails with ENOSPC like a full disk.
final class DiskBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int

    init(_ bytes: Int) { remaining = bytes }

    func set(_ bytes: Int) { lock.withLock { remaining = bytes } }

    var io: FileIO {
        FileIO(write: { fd, p, n in
            let allowed = self.lock.withLock { () -> Int in
                let a = min(n, self.remaining)
                self.remaining -= a
                return a
            }
            if allowed == 0 {
                POSIX.Errno.current = .noSpace
                return -1
            }
            return POSIX.write(fd, p, allowed)
        }, read: FileIO.system.read)
    }
}
