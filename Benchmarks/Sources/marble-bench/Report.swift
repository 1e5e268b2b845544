import Foundation

/// The output: human-readable lines as results come in, then one JSON object as the last line.
struct Report {
    private var fields: [(key: String, value: String)] = []

    /// Prints a result line: rate, best time, runs, checksum and any note.
    func line(_ name: String, _ run: Run, runs: Int, rate: String) {
        var text = "\(name): \(rate)  (best of \(runs): \(Self.ms(run.seconds)), checksum \(String(run.checksum, radix: 16)))"
        if !run.note.isEmpty { text += "\n    \(run.note)" }
        print(text)
    }

    /// Adds a number to the JSON object.
    mutating func add(_ key: String, _ value: Double, digits: Int = 1) {
        fields.append((key, value.isFinite ? String(format: "%.\(digits)f", value) : "null"))
    }

    mutating func add(_ key: String, _ value: Int) {
        fields.append((key, String(value)))
    }

    /// The JSON object, on one line.
    var json: String {
        "{" + fields.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    }

    /// Seconds as milliseconds, for people.
    static func ms(_ seconds: Double) -> String {
        String(format: "%.1f ms", seconds * 1000)
    }

    /// A rate with thousands separators, for people.
    static func rate(_ value: Double, _ unit: String) -> String {
        let digits = String(Int(value.rounded()))
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return String(out.reversed()) + " " + unit
    }
}
