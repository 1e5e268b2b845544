/// The command line: `marble-bench [--segments N] [--runs N] [--replay-seconds N] [--only raster,cairo,replay]`.
///
/// The defaults are the published benchmark; smaller values are for profiling.
struct Options {
    var segments = 100_000
    var runs = 5
    var replayRuns = 3
    var replaySeconds = 3600
    var replayRate = 100
    var only: Set<String> = ["raster", "cairo", "replay"]
    var seed: UInt64 = 0x4D61_7262_6C65     // "Marble"

    init(_ arguments: [String]) {
        var it = arguments.makeIterator()
        while let flag = it.next() {
            let value = it.next() ?? ""
            switch flag {
            case "--segments": segments = Self.positive(flag, value)
            case "--runs": runs = Self.positive(flag, value); replayRuns = runs
            case "--replay-seconds": replaySeconds = Self.positive(flag, value)
            case "--only": only = Set(value.split(separator: ",").map(String.init))
            default: fatalError("unknown option \(flag); see Options.swift")
            }
        }
    }

    private static func positive(_ flag: String, _ value: String) -> Int {
        guard let n = Int(value), n > 0 else { fatalError("\(flag) needs a positive whole number, got '\(value)'") }
        return n
    }
}
