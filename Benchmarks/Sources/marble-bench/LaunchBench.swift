import Foundation

/// Launch time of the real `marble play`: from `posix_spawn` to the process's exit right after its
/// first frame is presented (the hidden `--exit-after-frames 1`, see Sources/marble/Window/WindowOptions.swift),
/// under SDL's dummy video driver with the software renderer, on an empty store in a temporary folder.
///
/// The binary is the release `marble` built next to this benchmark (`swift build -c release
/// --product marble` in Benchmarks), else the main package's `.build/release/marble`, else `--marble PATH`.
struct LaunchBench {
    let marble: String
    let root: String

    /// Where the `marble` binary is, if anywhere: `explicit`, then beside this program, then `../.build/release`.
    static func locate(explicit: String?) -> String? {
        if let explicit { return explicit }
        var candidates: [String] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append((exe as NSString).deletingLastPathComponent + "/marble")
        }
        candidates.append(FileManager.default.currentDirectoryPath + "/../.build/release/marble")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
            .map { ($0 as NSString).standardizingPath }
    }

    init(marble: String) throws {
        self.marble = marble
        root = FileManager.default.temporaryDirectory.appendingPathComponent("marble-bench-launch-\(getpid())").path
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root + "/store", withIntermediateDirectories: true)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(atPath: root)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The arguments: `marble play --store DIR --software` (Home, on an empty store), exiting after its first frame.
    var arguments: [String] {
        [marble, "play", "--store", root + "/store", "--software", "--pictures", root + "/pictures", "--exit-after-frames", "1"]
    }

    /// One launch: seconds from spawn to exit. Throws unless it exits 0.
    func launch() throws -> Double {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        let errPath = root + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        var status: Int32 = 0
        let seconds = try Timing.seconds {
            let rc = posix_spawn(&pid, marble, &actions, nil, argv, envp)
            guard rc == 0 else { throw Failure(description: "cannot start \(marble): \(String(cString: strerror(rc)))") }
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        // WIFEXITED and WEXITSTATUS, spelt out (Glibc's are macros).
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            throw Failure(description: "\(arguments.joined(separator: " ")) "
                + (exited ? "exited \(code)" : "was killed by signal \(status & 0x7f)") + (err.isEmpty ? "" : ": \(err)"))
        }
        return seconds
    }

    /// One untimed launch (page cache, font cache), then `runs` timed ones.
    func run(runs: Int) throws -> [Double] {
        _ = try launch()
        return try (0..<runs).map { _ in try launch() }
    }
}
