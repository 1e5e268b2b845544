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

    /// The arguments: `marble play --store DIR --software` (Home, on an empty store), exiting after its first frame.
    var arguments: [String] {
        [marble, "play", "--store", root + "/store", "--software", "--pictures", root + "/pictures", "--exit-after-frames", "1"]
    }

    /// One launch: seconds from spawn to exit. Throws unless it exits 0.
    func launch() throws -> Double {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        return try Spawn.timed(arguments, environment: env, stdout: nil, stderr: root + "/stderr",
                               name: arguments.joined(separator: " "))
    }

    /// One untimed launch (page cache, font cache), then `runs` timed ones.
    func run(runs: Int) throws -> [Double] {
        _ = try launch()
        return try (0..<runs).map { _ in try launch() }
    }
}
