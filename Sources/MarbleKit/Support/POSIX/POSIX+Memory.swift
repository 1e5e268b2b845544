// The one folder in the package that picks a C library (see POSIX.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension POSIX {
    /// A block of `count` zeroed values, mapped from the kernel as zero pages: nothing is
    /// written, and a page costs memory only once it is touched (a canvas's layer planes,
    /// which a drawing touches only where it paints).
    ///
    /// mmap, not calloc: glibc serves a block the size of one freed before from its heap, and
    /// then clears it byte by byte and faults its pages in again (a batch replay's canvases).
    /// Traps when there is no memory, as `allocate` does. Give it back with `release(_:count:)`.
    package static func allocateZeroed<T: BitwiseCopyable>(_ type: T.Type, count: Int, hugePages: Bool = false) -> UnsafeMutablePointer<T> {
        let bytes = max(count, 1) * MemoryLayout<T>.stride
        let raw = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let raw, raw != MAP_FAILED else { fatalError("out of memory: \(count) × \(T.self)") }
        #if os(Linux)
        // With `hugePages`, 2 MiB pages where the kernel allows them: a 1280×800 plane is two
        // page faults, not a thousand (a batch of two workers ran 15 % faster with them). Not
        // for the window: a page then costs 2 MiB wherever a stroke touches it (the soak's
        // peak grew by 17 MiB).
        if hugePages { _ = madvise(raw, bytes, MADV_HUGEPAGE) }
        #endif
        return raw.bindMemory(to: T.self, capacity: max(count, 1))
    }

    /// Gives back a block from `allocateZeroed` of the same `count`.
    package static func release<T>(_ pointer: UnsafeMutablePointer<T>, count: Int) {
        munmap(pointer, max(count, 1) * MemoryLayout<T>.stride)
    }
}
