import Synchronization

/// Planes handed from one canvas to the next of the same size: for a batch of replays.
///
/// A canvas's four planes (16 bytes a pixel) come from the kernel as fresh zero pages; a batch
/// of short replays spends as long faulting them in, and unmapping them again (which stops the
/// other workers' CPUs to flush their TLBs), as painting. A canvas made with a `CanvasMemory`
/// gives its planes back to it when it goes, cleared, and the next canvas of that size takes
/// them already mapped. It keeps at most `limit` canvases' planes; the window never uses one,
/// so a closed drawing's memory goes back to the system.
public final class CanvasMemory: Sendable {
    /// One canvas's planes: the picture's and the three layer planes, `capacity` values each.
    struct Planes: @unchecked Sendable {
        // Raw pages owned by whoever holds this value; never shared between two canvases.
        var capacity: Int
        var pixels: UnsafeMutablePointer<UInt32>
        var bases: UnsafeMutablePointer<UInt32>
        var keys: UnsafeMutablePointer<UInt32>
        var stamps: UnsafeMutablePointer<Float>

        /// Fresh zero pages from the kernel (2 MiB ones with `hugePages`, where allowed).
        static func mapped(capacity: Int, hugePages: Bool = false) -> Planes {
            Planes(capacity: capacity,
                   pixels: POSIX.allocateZeroed(UInt32.self, count: capacity, hugePages: hugePages),
                   bases: POSIX.allocateZeroed(UInt32.self, count: capacity, hugePages: hugePages),
                   keys: POSIX.allocateZeroed(UInt32.self, count: capacity, hugePages: hugePages),
                   stamps: POSIX.allocateZeroed(Float.self, count: capacity, hugePages: hugePages))
        }

        /// Back to the kernel.
        func unmap() {
            POSIX.release(pixels, count: capacity)
            POSIX.release(bases, count: capacity)
            POSIX.release(keys, count: capacity)
            POSIX.release(stamps, count: capacity)
        }
    }

    private let kept: Mutex<[Planes]>
    private let limit: Int

    /// A pool keeping up to `limit` canvases' planes (one a worker is enough).
    public init(limit: Int = 2) {
        self.limit = max(limit, 0)
        kept = Mutex([])
    }

    deinit {
        kept.withLock { planes in
            for p in planes { p.unmap() }
            planes.removeAll()
        }
    }

    /// Planes of `capacity` values with the layer planes zeroed (the picture is filled by the caller).
    func take(capacity: Int) -> Planes {
        let reused = kept.withLock { planes -> Planes? in
            guard let i = planes.firstIndex(where: { $0.capacity == capacity }) else { return nil }
            return planes.remove(at: i)
        }
        // A pool's planes are used again and again, all of them: huge pages pay there.
        return reused ?? Planes.mapped(capacity: capacity, hugePages: true)
    }

    /// Takes back a canvas's planes, their layer planes cleared (every cell: a stale one would
    /// change the next canvas's pixels, and clearing 12 bytes a pixel costs far less than
    /// faulting fresh pages in).
    func give(_ planes: Planes) {
        planes.bases.update(repeating: 0, count: planes.capacity)
        planes.keys.update(repeating: 0, count: planes.capacity)
        planes.stamps.update(repeating: 0, count: planes.capacity)
        let spare = kept.withLock { kept -> Planes? in
            guard kept.count < limit else { return planes }
            kept.append(planes)
            return nil
        }
        spare?.unmap()
    }
}
