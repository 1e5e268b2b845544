#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A whole file's bytes, read with a cap: the only file access in MarblePictures.
enum FileBytes {
    /// The bytes of the file at `path`; a file over `maxBytes` is refused from its
    /// size without being read, and one that grows past it while read is refused too.
    static func read(_ path: String, maxBytes: Int) throws(PictureError) -> [UInt8] {
        func refuse(_ problem: PictureError.Problem) -> PictureError { PictureError(file: path, problem: problem) }
        // O_NONBLOCK: opening a pipe with no writer must not wait (it is refused below).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw refuse(.unreadable(errno: errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw refuse(.unreadable(errno: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw refuse(.notAFile) }
        let size = Int(info.st_size)
        guard size <= maxBytes else { throw refuse(.fileTooBig(bytes: size, maxBytes: maxBytes)) }
        // One byte more than it says, to see it is not growing.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= maxBytes else { throw refuse(.fileTooBig(bytes: bytes.count, maxBytes: maxBytes)) }
                bytes.append(contentsOf: repeatElement(0, count: min(max(bytes.count, 1 << 16), maxBytes + 1 - bytes.count)))
            }
            let n = bytes.withUnsafeMutableBytes { buf in
                readSome(fd, buf.baseAddress! + filled, buf.count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw refuse(.unreadable(errno: errno))
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}

/// read(2), under a name `FileBytes.read` does not hide.
private func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
