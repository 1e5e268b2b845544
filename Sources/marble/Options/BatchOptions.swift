import ArgumentParser
import Foundation

/// Several logs replayed at once: where their pictures go and how many play together.
struct BatchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write each log's painting to DIR/<log name without .csv>.png (DIR is made if missing).",
                               valueName: "DIR"))
    var pngDir: String?

    @Option(help: ArgumentHelp("Replay up to N logs at once (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    /// Whether either option was given.
    var isSet: Bool { pngDir != nil || jobs != nil }

    /// How many logs replay at once.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs).") }
    }

    /// Where `--png-dir` puts the picture of `log`: DIR/<its file name without .csv>.png.
    static func picture(of log: String, in folder: String) -> String {
        var name = (log as NSString).lastPathComponent
        if (name as NSString).pathExtension.lowercased() == "csv" { name = (name as NSString).deletingPathExtension }
        return (folder as NSString).appendingPathComponent(name + ".png")
    }
}
