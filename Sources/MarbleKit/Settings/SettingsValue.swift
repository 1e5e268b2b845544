import Foundation

/// One value of the settings file's top-level object, of the kinds the settings use.
///
/// Read with `JSONDecoder`, which reads numbers exactly as `Double(String)` does: Foundation's
/// `JSONSerialization` on Linux rounds some 17-digit numbers to a neighbouring double, so a
/// sensitivity written out did not always read back (found by fuzzing the settings file).
enum SettingsValue: Decodable, Equatable {
    case bool(Bool)
    case number(Double)
    case string(String)
    /// An array, an object, null, or a number too large for a double.
    case other

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        // JSONDecoder reads `true` only as a Bool and `1` only as a number: the kinds stay apart.
        if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else {
            self = .other
        }
    }

    /// The top-level object's values by key, or nil when the bytes are not a JSON object.
    static func object(_ bytes: [UInt8]) -> [String: SettingsValue]? {
        try? JSONDecoder().decode([String: SettingsValue].self, from: Data(bytes))
    }

    /// Whether the top-level object's `key` is `null`.
    static func isNull(_ bytes: [UInt8], key: String) -> Bool {
        struct Probe: Decodable {
            let isNull: Bool
            init(from decoder: any Decoder) throws { isNull = try decoder.singleValueContainer().decodeNil() }
        }
        let d = try? JSONDecoder().decode([String: Probe].self, from: Data(bytes))
        return d?[key]?.isNull == true
    }

    /// The top-level object's `key` read as an object of number lists, or nil when it is not one.
    static func numberLists(_ bytes: [UInt8], key: String) -> [String: [Double]]? {
        struct Lists: Decodable {
            let lists: [String: [Double]]?
            init(from decoder: any Decoder) throws { lists = try? decoder.singleValueContainer().decode([String: [Double]].self) }
        }
        let d = try? JSONDecoder().decode([String: Lists].self, from: Data(bytes))
        return d?[key]?.lists
    }
}
