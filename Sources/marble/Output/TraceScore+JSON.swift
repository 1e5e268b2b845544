import MarbleKit

extension TraceScore {
    /// `{"shape", "coverage", "precision", "stars"}`, the fractions to 0.0001.
    var json: JSONValue {
        func rounded(_ x: Double) -> JSONValue { .number((x * 10_000).rounded() / 10_000) }
        return .object([("shape", .string(shape.rawValue)), ("coverage", rounded(coverage)),
                        ("precision", rounded(precision)), ("stars", .integer(stars))])
    }

    /// One line for the text summary: "Trace circle: coverage 98.1%, precision 95.0%, 3 stars."
    var summary: String {
        func percent(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }
        return "Trace \(shape.rawValue): coverage \(percent(coverage)), precision \(percent(precision)), \(stars) star\(stars == 1 ? "" : "s")."
    }
}
