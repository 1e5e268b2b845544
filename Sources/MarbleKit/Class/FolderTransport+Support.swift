extension FolderTransport {
    /// The names of `path` inside the class folder, after the same checks as a URL's: no empty
    /// part, `.` or `..`, no NUL or control character. `""` is the class folder itself.
    func names(_ path: String) throws(ClassProblem) -> [String] {
        if path.isEmpty { return [] }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts where part.isEmpty || part == "." || part == ".." || part.unicodeScalars.contains(where: { $0.value < 32 || $0.value == 127 }) {
            throw .badAddress(root + "/" + path, why: "'\(path)' is not a path inside the class folder")
        }
        return parts.map(String.init)
    }

    /// The absolute path of these names inside the class folder (for messages only: nothing
    /// is opened by a whole path but the class folder itself).
    func full<S: Sequence>(_ parts: S) -> String where S.Element == String {
        parts.reduce(root) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
    }

    /// Opens the folder `parts` inside the class folder, one name at a time from the class
    /// folder's descriptor with `O_NOFOLLOW | O_DIRECTORY`: a link anywhere on the way is
    /// `.link` naming it. Errors name `target` (the path asked for), as a whole-path call would.
    func openFolder(_ parts: ArraySlice<String>, for target: String? = nil, writing: Bool = false) throws(ClassProblem) -> Int32 {
        let asked = target ?? full(parts)
        var fd = POSIX.open(root, .readOnly, [.folder])
        guard fd >= 0 else { throw problem(.current, asked, writing: writing) }
        var walked: [String] = []
        for name in parts {
            walked.append(name)
            let next = POSIX.open(in: fd, name, .readOnly, [.folder, .noFollow])
            if next < 0 {
                let e = POSIX.Errno.current
                // ELOOP or ENOTDIR, by kernel: which it was is asked without following.
                let isLink = POSIX.linkStatus(in: fd, name)?.isLink == true
                POSIX.close(fd)
                if isLink { throw .link(full(walked)) }
                throw problem(e, asked, writing: writing)
            }
            POSIX.close(fd)
            fd = next
        }
        return fd
    }

    /// Writes every byte, through short writes and interruptions; false with `Errno.current`.
    func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = POSIX.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0, POSIX.Errno.current == .interrupted { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
    }

    /// What a failed system call on `path` means for the class folder.
    func problem(_ e: POSIX.Errno, _ path: String, writing: Bool) -> ClassProblem {
        switch e {
        case .noSpace, .quota: return .full(path)
        case .notFound, .notFolder: return .notFound(path)
        case .permissionDenied, .readOnly, .notPermitted:
            return writing ? .notWritable(path, why: e.description) : .forbidden(path)
        default:
            if POSIX.Errno.networkGone.contains(e) { return .unreachable(path, why: e.description) }
            return .notWritable(path, why: e.description)
        }
    }
}
