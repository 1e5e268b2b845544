import Synchronization

/// Where Watch's keyframes keep their tiles: a scratch file that only this process can reach.
///
/// A seek in one frame at 1M segments needs a keyframe every few ms of painting, about a
/// hundred of them, each up to a whole picture (4 MB at 1280×800): too much for the window's
/// own memory on a school laptop with 4 GB shared with a browser. In a file, the kernel keeps
/// them in its page cache while memory is free and drops them (they are on disk) when it is
/// not. The file is unlinked the moment it is made, so it goes when its descriptor closes,
/// crash or not; it is made in the store's folder, not /tmp, which is often memory (tmpfs).
/// One thread appends (the keyframes' builder); any thread reads what was appended.
final class KeyframeSpill: Sendable {
    /// The folder it was made in (another is made there when it is written again).
    let folder: String
    private let fd: Int32
    private let end = Atomic<Int>(0)

    private init(fd: Int32, folder: String) {
        self.fd = fd
        self.folder = folder
    }

    /// A new, empty scratch file in `folder`, or nil when none can be made there.
    static func make(in folder: String) -> KeyframeSpill? {
        // The temporary files' marker and this process's id: the store's clean-up removes the
        // file if a crash comes between making it and unlinking it.
        let path = folder + "/.keyframes" + AtomicFile.tempMarker + "\(POSIX.processID).\(UInt32.random(in: 0...UInt32.max))"
        let fd = POSIX.open(path, .readWrite, [.create, .exclusive, .noFollow], mode: 0o600)
        guard fd >= 0 else { return nil }
        POSIX.unlink(path)
        return KeyframeSpill(fd: fd, folder: folder)
    }

    deinit { POSIX.close(fd) }

    /// The bytes appended so far.
    var length: Int { end.load(ordering: .acquiring) }

    /// Appends `bytes`: the offset they start at, or nil when they could not all be written
    /// (a full disk), in which case nothing counts as appended.
    func append(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let at = end.load(ordering: .relaxed)
        var done = 0
        while done < bytes.count {
            let n = POSIX.write(fd, bytes.baseAddress! + done, bytes.count - done, at: at + done)
            if n < 0 && POSIX.Errno.current == .interrupted { continue }
            guard n > 0 else { return nil }
            done += n
        }
        end.store(at + bytes.count, ordering: .releasing)
        return at
    }

    /// `count` bytes from `offset`, or nil when they are not all there.
    func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset + count <= length else { return nil }
        var ok = true
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let n = POSIX.read(fd, buffer.baseAddress! + done, count - done, at: offset + done)
                if n < 0 && POSIX.Errno.current == .interrupted { continue }
                guard n > 0 else { break }
                done += n
            }
            ok = done == count
            // The bytes not read are never looked at: the array is dropped.
            initialized = ok ? count : 0
        }
        return ok ? bytes : nil
    }
}
