import Foundation

/// A delimited text table as phone apps export it: one header row, then rows of fields.
///
/// Reads comma-, semicolon- and tab-separated text (the separator is the one the header row
/// uses most), double-quoted fields (`""` inside quotes is one quote), `\n` or `\r\n` line
/// ends and a UTF-8 byte-order mark. When the separator is not a comma, a comma inside a
/// number is its decimal point, as in phyphox's "decimal comma" exports.
struct CSVTable {
    /// The file's path as found, for messages.
    let path: String
    /// The separator byte: `,`, `;` or tab.
    let separator: UInt8
    /// Column names from the header row, unquoted and trimmed.
    let columns: [String]
    /// Whether every name in the header row was double-quoted (phyphox quotes, Sensor Logger does not).
    let quotedHeader: Bool

    private let bytes: [UInt8]
    private let headerLine: Int
    private let bodyStart: Int

    /// The file's name, e.g. `Gravity.csv`.
    var name: String { (path as NSString).lastPathComponent }

    /// Whether a comma inside a number is its decimal point.
    var decimalComma: Bool { separator != UInt8(ascii: ",") }

    /// The table in the file at `path` (read through `io`, the environment's), or nil when it
    /// cannot be read or has no UTF-8 header row.
    static func open(path: String, io: FileIO) -> CSVTable? {
        guard let bytes = try? Files.read(path, followingLinks: true, io: io) else { return nil }
        return CSVTable(path: path, bytes: bytes)
    }

    /// The table in `bytes`, or nil when there is no UTF-8 header row.
    init?(path: String, bytes: [UInt8]) {
        var start = 0
        let n = bytes.count
        // A byte-order mark is not text: skip it.
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var line = 0
        var header: Range<Int>?
        while start < n, header == nil {
            var end = start
            while end < n, bytes[end] != 0x0A { end += 1 }
            line += 1
            let range = start..<CSVTable.trimCarriageReturn(bytes, start, end)
            if !CSVTable.isBlank(bytes, range) { header = range }
            start = end + 1
        }
        guard let header, String(validating: bytes[header], as: UTF8.self) != nil else { return nil }

        self.path = path
        self.bytes = bytes
        self.headerLine = line
        self.bodyStart = min(start, n)
        let separator = CSVTable.detectSeparator(bytes, header)
        self.separator = separator
        var fields: [Range<Int>] = []
        CSVTable.split(bytes, header, separator, into: &fields)
        var allQuoted = true
        self.columns = fields.map { range in
            // `split` drops the quotes of a field that starts with one; look just before it.
            if range.lowerBound == header.lowerBound || bytes[range.lowerBound - 1] != UInt8(ascii: "\"") { allQuoted = false }
            let text = String(decoding: bytes[range], as: UTF8.self)
            return text.replacingOccurrences(of: "\"\"", with: "\"").trimmingCharacters(in: .whitespaces)
        }
        self.quotedHeader = allQuoted && !fields.isEmpty
    }

    /// The position of the column named `name` (compared without regard to case), if any.
    func column(_ name: String) -> Int? {
        let wanted = name.lowercased()
        return columns.firstIndex { $0.lowercased() == wanted }
    }

    /// The header row as it reads, shortened for messages.
    var headerText: String {
        let text = columns.joined(separator: separator == 0x09 ? "\\t" : String(UnicodeScalar(separator)))
        return text.count > 100 ? String(text.prefix(100)) + "…" : text
    }

    // MARK: Rows

    /// Calls `body` with each data row's 1-based line number and the byte ranges of its fields.
    ///
    /// Blank lines are skipped; a row whose field count differs from the header's is bad data.
    func forEachRow(_ body: (_ line: Int, _ fields: [Range<Int>]) throws(ImportError) -> Void) throws(ImportError) {
        var start = bodyStart
        var line = headerLine
        let n = bytes.count
        var fields: [Range<Int>] = []
        fields.reserveCapacity(columns.count)
        while start < n {
            var end = start
            while end < n, bytes[end] != 0x0A { end += 1 }
            line += 1
            let range = start..<CSVTable.trimCarriageReturn(bytes, start, end)
            start = end + 1
            if CSVTable.isBlank(bytes, range) { continue }
            fields.removeAll(keepingCapacity: true)
            CSVTable.split(bytes, range, separator, into: &fields)
            guard fields.count == columns.count else {
                throw .badData(path: path, line: line,
                               reason: "expected \(columns.count) fields as in the header row, found \(fields.count)")
            }
            try body(line, fields)
        }
    }

    /// The text of a field, trimmed.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    /// The number in a field: NaN for an empty field, nil when it is not a number.
    ///
    /// Accepts what `Double(String)` accepts (so `9.8E0`, `NaN`, `inf`), Java's `∞` (phyphox
    /// writes infinities that way) and, when the separator is not a comma, a decimal comma.
    func number(_ range: Range<Int>) -> Double? {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
        while hi > lo, bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09 { hi -= 1 }
        if lo == hi { return .nan }
        if let infinity = javaInfinity(lo, hi) { return infinity }
        if decimalComma, bytes[lo..<hi].contains(UInt8(ascii: ",")) {
            var copy = Array(bytes[lo..<hi])
            for i in copy.indices where copy[i] == UInt8(ascii: ",") { copy[i] = UInt8(ascii: ".") }
            return copy.withUnsafeBufferPointer { NumberParser.parse($0) }
        }
        return bytes.withUnsafeBufferPointer { NumberParser.parse(UnsafeBufferPointer(rebasing: $0[lo..<hi])) }
    }

    // Java's DecimalFormat writes infinity as "∞" (UTF-8 E2 88 9E), with an optional minus.
    private func javaInfinity(_ lo: Int, _ hi: Int) -> Double? {
        var i = lo
        var sign = 1.0
        if bytes[i] == UInt8(ascii: "-") { sign = -1; i += 1 } else if bytes[i] == UInt8(ascii: "+") { i += 1 }
        guard hi - i == 3, bytes[i] == 0xE2, bytes[i + 1] == 0x88, bytes[i + 2] == 0x9E else { return nil }
        return sign * .infinity
    }

    // MARK: Lines and fields

    private static func trimCarriageReturn(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        end > start && bytes[end - 1] == 0x0D ? end - 1 : end
    }

    private static func isBlank(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    // The separator is the candidate found most often outside quotes in the header row; a
    // header row with none of them is a single column, and any separator will do.
    private static func detectSeparator(_ bytes: [UInt8], _ range: Range<Int>) -> UInt8 {
        let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09]
        var counts = [0, 0, 0]
        var quoted = false
        for b in bytes[range] {
            if b == UInt8(ascii: "\"") { quoted.toggle() } else if !quoted, let k = candidates.firstIndex(of: b) { counts[k] += 1 }
        }
        var best = 0
        for k in 1..<3 where counts[k] > counts[best] { best = k }
        return candidates[best]
    }

    // Appends the byte ranges of the fields of one line, without the quotes of quoted fields.
    private static func split(_ bytes: [UInt8], _ line: Range<Int>, _ separator: UInt8, into fields: inout [Range<Int>]) {
        let quote = UInt8(ascii: "\"")
        let hi = line.upperBound
        var i = line.lowerBound
        while true {
            var next: Int
            if i < hi, bytes[i] == quote {
                var j = i + 1
                while j < hi {
                    if bytes[j] == quote {
                        if j + 1 < hi, bytes[j + 1] == quote { j += 2; continue }
                        break
                    }
                    j += 1
                }
                fields.append((i + 1)..<j)
                // Anything between the closing quote and the separator is not part of the field.
                next = min(j + 1, hi)
                while next < hi, bytes[next] != separator { next += 1 }
            } else {
                next = i
                while next < hi, bytes[next] != separator { next += 1 }
                fields.append(i..<next)
            }
            if next >= hi { return }
            i = next + 1
        }
    }
}
