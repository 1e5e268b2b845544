/// A JSON value that keeps its keys in the order given.
///
/// Foundation's encoders sort or scramble keys; a report reads best in a fixed order.
indirect enum JSONValue {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The value as compact JSON text on one line.
    var text: String {
        switch self {
        case .number(let d):
            // JSON has no NaN or infinity; reports never hold them, but never emit bad JSON.
            guard d.isFinite else { return "null" }
            if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
            return "\(d)"
        case .integer(let i): return String(i)
        case .string(let s): return Self.quote(s)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let pairs):
            return "{" + pairs.map { Self.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    private static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Every control a terminal would act on (DEL, C1, the bidirectional overrides too),
            // so that JSON printed to a terminal passes `TerminalText.safe` unchanged.
            case _ where TerminalText.isControl(u):
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
