extension FolderTransport {
    /// The absolute path of `path` inside the class folder, after the same checks as a URL's:
    /// no empty part, `.` or `..`, no NUL or control character.
    func full(_ path: String) throws(ClassProblem) -> String {
        if path.isEmpty { return root }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts where part.isEmpty || part == "." || part == ".." || part.unicodeScalars.contains(where: { $0.value < 32 || $0.value == 127 }) {
            throw .badAddress(root + "/" + path, why: "'\(path)' is not a path inside the class folder")
        }
        return root == "/" ? "/" + path : root + "/" + path
    }

    func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
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

    /// Makes a folder's names durable (a new file's name survives a power cut); a folder that
    /// cannot be opened or synced (some network mounts) is left to the server.
    func syncFolder(_ folder: String) {
        let fd = POSIX.open(folder, .readOnly, [.folder])
        guard fd >= 0 else { return }
        POSIX.sync(fd)
        POSIX.close(fd)
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
