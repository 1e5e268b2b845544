import Foundation

/// Starts a program and times it from `posix_spawn` to its exit: for the launch and batch
/// measurements, which time the real `marble` as a whole process.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments` (the program first) with stdin from /dev/null, stdout to `stdout`
    /// (/dev/null when nil) and stderr to `stderr`; returns the seconds it took. Throws unless it
    /// exits 0, with what it wrote on stderr.
    static func timed(_ arguments: [String], environment: [String: String], stdout: String?, stderr: String,
                      name: String) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdout {
            posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        var status: Int32 = 0
        let program = arguments[0]
        let seconds = try Timing.seconds {
            let rc = posix_spawn(&pid, program, &actions, nil, argv, envp)
            guard rc == 0 else { throw Failure(description: "cannot start \(program): \(String(cString: strerror(rc)))") }
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        // WIFEXITED and WEXITSTATUS, spelt out (Glibc's are macros).
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            let err = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
            throw Failure(description: "\(name) " + (exited ? "exited \(code)" : "was killed by signal \(status & 0x7f)")
                + (err.isEmpty ? "" : ": \(err)"))
        }
        return seconds
    }
}
