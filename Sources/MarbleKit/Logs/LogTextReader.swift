/// The line-by-line reader behind `MarbleLog.parse`.
struct LogTextReader {
    let path: String
    var metadata: [MarbleLog.Metadata] = []
    /// The rows read, one sample a marble each, row after row (as a session takes them).
    var rows: [Sample] = []
    var dropped: [LogIssue] = []
    var sampleLines: [Int] = []
    var headerLine = 0
    let numbers = NumberParser()

    /// The columns one marble's sample is read from, in this order; marble k's (k ≥ 2) carry
    /// the suffix k.
    enum Field: Int, CaseIterable {
        case x, y, heading, pen, width, erase, opacity

        var name: String { ["tilt_x", "tilt_y", "heading", "pen", "width", "erase", "opacity"][rawValue] }
        /// What a row gives when the column is absent.
        var absent: Double { self == .pen || self == .opacity ? 1 : 0 }

        /// The column's name for marble `k` (1-based).
        func name(marble k: Int) -> String { k == 1 ? name : "\(name)\(k)" }
    }

    /// Where each column of the header row goes: the time, a marble's field, or nowhere.
    struct Columns {
        /// Per column: -1 not read, 0 the time, 1 + marble · 7 + field otherwise.
        var slots: [Int]
        var names: [String]
        var marbles: Int
        var count: Int { slots.count }

        func name(_ column: Int) -> String { column < names.count ? names[column] : "column \(column + 1)" }
    }

    // The header row's columns, once `headerLine` (≥ 2) says it was read; a row reads them in
    // place (LogTextReader+Row.swift).
    var columns = Columns(slots: [], names: [], marbles: 1)
    // One row's values (the time, then each marble's fields) and which widths it gave: kept
    // between rows, so reading a row allocates nothing.
    var values: [Double] = []
    var widths: [Bool] = []
    var lineNumber = 0
    // The last row's time: rows handed over (`takeRows`) still bound the next one's.
    var lastTime: Double?

    init(path: String) {
        self.path = path
    }

    func issue(_ reason: String) -> LogIssue {
        LogIssue(path: path, line: lineNumber, reason: reason)
    }

    /// Reads every line of `bytes`, then checks the file's end.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(LogIssue) {
        _ = try read(bytes, from: 0, lines: .max)
        try finish()
    }

    /// Reads up to `lines` lines of `bytes` from byte `start` (0: the file's start, where a
    /// byte-order mark is skipped); returns where the next line starts (`bytes.count` at the end).
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, lines: Int) throws(LogIssue) -> Int {
        var start = start
        let n = bytes.count
        // A byte-order mark is not text: skip it.
        if start == 0, n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var left = lines
        while start < n, left > 0 {
            let end = Self.newline(in: bytes, from: start)
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            lineNumber += 1
            left -= 1
            try readLine(UnsafeBufferPointer(rebasing: bytes[start..<lineEnd]))
            start = end + 1
        }
        return min(start, n)
    }

    /// The index of the first line feed in `bytes` from `start` on, or `bytes.count`.
    @inline(__always)
    static func newline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        let n = bytes.count
        // Eight bytes at a time: a byte of `v` is zero where a line feed was, and the lowest
        // flag of (v − 0x01…) & ~v & 0x80… is the first zero byte's (a borrow only reaches up).
        if let base = bytes.baseAddress {
            while n - i >= 8 {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                let zero = (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080
                if zero != 0 { return i + zero.trailingZeroBitCount / 8 }
                i += 8
            }
        }
        while i < n, bytes[i] != 0x0A { i += 1 }
        return i
    }

    /// Reads lines from byte `start` until the header row has been read (or the bytes end);
    /// returns where the next line starts.
    mutating func readHead(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) throws(LogIssue) -> Int {
        var at = start
        while headerLine == 0, at < bytes.count { at = try read(bytes, from: at, lines: 1) }
        return at
    }

    /// The checks at the end of the file: it had a first line and a header row.
    func finish() throws(LogIssue) {
        if lineNumber == 0 { throw LogIssue(path: path, line: 1, reason: "empty file; a marble log starts with '\(MarbleLog.magicLine)'") }
        if headerLine == 0 { throw LogIssue(path: path, line: lineNumber, reason: "no header row (t,tilt_x,tilt_y,…) before the end of the file") }
    }

    /// How many marbles each row has (one before the header row is read).
    var marbleCount: Int { columns.marbles }

    /// Each marble's samples, from the rows read.
    var marbles: [[Sample]] {
        let n = marbleCount
        if n == 1 { return [rows] }
        return (0..<n).map { k in stride(from: k, to: rows.count, by: n).map { rows[$0] } }
    }

    /// Hands over the rows read since the last call (one sample a marble each,
    /// row after row), their lines and the rows dropped, keeping what the next rows are checked
    /// against. The lists start again with the room the last ones took.
    mutating func takeRows() -> (samples: [Sample], lines: [Int], dropped: [LogIssue]) {
        let taken = (samples: rows, lines: sampleLines, dropped: dropped)
        rows = []
        rows.reserveCapacity(taken.samples.count)
        sampleLines = []
        sampleLines.reserveCapacity(taken.lines.count)
        dropped = []
        return taken
    }

    private mutating func readLine(_ line: UnsafeBufferPointer<UInt8>) throws(LogIssue) {
        if lineNumber == 1 {
            guard String(decoding: line, as: UTF8.self) == MarbleLog.magicLine else {
                throw issue("not a marble log: the first line must be exactly '\(MarbleLog.magicLine)'")
            }
            return
        }
        if line.first == UInt8(ascii: "#") {
            if headerLine == 0 { readMetadata(line) }
            return
        }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        guard headerLine > 0 else {
            try readHeader(line)
            return
        }
        try readRow(line)
    }

    private mutating func readMetadata(_ line: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: line.dropFirst(), as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { return }
        let key = text[..<colon].trimmingCharacters(in: .whitespaces)
        var value = text[text.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        if !key.isEmpty { metadata.append(.init(key, String(value))) }
    }

    private mutating func readHeader(_ line: UnsafeBufferPointer<UInt8>) throws(LogIssue) {
        guard let text = String(validating: line, as: UTF8.self) else { throw issue("the header row is not UTF-8 text") }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let missing = ["t", "tilt_x", "tilt_y"].filter { !names.contains($0) }
        if !missing.isEmpty {
            throw issue("the header row lacks the column\(missing.count > 1 ? "s" : "") \(missing.joined(separator: ", ")) (it reads '\(text.prefix(80))')")
        }
        var slots = [Int](repeating: -1, count: names.count)
        var seen: [Int: [String]] = [:]
        for (column, name) in names.enumerated() {
            if name == "t" {
                slots[column] = 0
                continue
            }
            guard let (field, k) = Self.field(named: name) else { continue }
            guard k <= SessionConfiguration.maxMarbles else {
                throw issue("the header row names \(name), but a log has at most \(SessionConfiguration.maxMarbles) marbles")
            }
            slots[column] = 1 + (k - 1) * Field.allCases.count + field.rawValue
            seen[k, default: []].append(name)
        }
        for name in Set(names) where names.filter({ $0 == name }).count > 1 && (name == "t" || Self.field(named: name) != nil) {
            throw issue("the header row names the column \(name) twice")
        }
        // Marble k's columns come with its tilt, both axes, or not at all; and after marble k − 1's.
        let count = seen.keys.max() ?? 1
        for k in 2...max(count, 2) where seen[k] != nil || k <= count {
            let named = seen[k] ?? []
            let tilt = [Field.x.name(marble: k), Field.y.name(marble: k)]
            guard named.isEmpty || tilt.allSatisfy(named.contains) else {
                throw issue("the header row names \(named.joined(separator: ", ")) but marble \(k) needs both \(tilt.joined(separator: " and "))")
            }
            if named.isEmpty && k < count {
                throw issue("the header row names columns for marble \(count) but none for marble \(k)")
            }
        }
        headerLine = lineNumber
        columns = Columns(slots: slots, names: names, marbles: count)
        values = Array(repeating: 0, count: 1 + count * Field.allCases.count)
        widths = Array(repeating: false, count: count)
    }

    /// The field and marble (1-based) a column name names: `tilt_x` is marble 1's, `tilt_x3`
    /// marble 3's; nil for a column the reader does not use (a suffix of 0 or 1 among them).
    static func field(named name: String) -> (Field, Int)? {
        for f in Field.allCases where name.hasPrefix(f.name) {
            let suffix = name.dropFirst(f.name.count)
            if suffix.isEmpty { return (f, 1) }
            guard suffix.allSatisfy(\.isASCII), suffix.allSatisfy(\.isNumber), suffix.first != "0",
                  let k = Int(suffix), k >= 2 else { continue }
            return (f, k)
        }
        return nil
    }
}
