import Foundation

/// Reading marble-log v1 text.
extension MarbleLog {
    /// A log read from text, with the rows that could not be used.
    public struct ReadResult: Sendable {
        public var log: MarbleLog
        /// Rows dropped for NaN or infinite values, each with its line.
        public var dropped: [LogIssue]
        /// The line each sample came from (parallel to `log.samples`).
        public var sampleLines: [Int]
        /// The header row's line.
        public var headerLine: Int
    }

    /// Reads the log at `path`.
    /// - Throws: `LogIssue` (`PATH:LINE: reason`) for a missing file (line 0) or bad content.
    public static func read(contentsOf path: String) throws(LogIssue) -> ReadResult {
        let bytes: [UInt8]?
        do throws(StoreError) { bytes = try Files.read(path, followingLinks: true) } catch {
            throw LogIssue(path: path, line: 0, reason: "cannot read the file (\(error.reason))")
        }
        guard let bytes else { throw LogIssue(path: path, line: 0, reason: "cannot read the file (no such file)") }
        return try parse(Data(bytes), path: path)
    }

    /// Reads marble-log v1 text; `path` names it in messages.
    public static func parse(_ data: Data, path: String) throws(LogIssue) -> ReadResult {
        var reader = LogTextReader(path: path)
        let failure = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> LogIssue? in
            do {
                try reader.read(raw.bindMemory(to: UInt8.self))
                return nil
            } catch {
                return error as? LogIssue ?? LogIssue(path: path, line: 0, reason: "\(error)")
            }
        }
        if let failure { throw failure }
        return ReadResult(log: MarbleLog(metadata: reader.metadata, samples: reader.samples, second: reader.second),
                          dropped: reader.dropped, sampleLines: reader.sampleLines, headerLine: reader.headerLine)
    }
}

/// The line-by-line reader behind `MarbleLog.parse`.
struct LogTextReader {
    let path: String
    var metadata: [MarbleLog.Metadata] = []
    var samples: [Sample] = []
    /// The second marble's samples, in a two-marble log.
    var second: [Sample]?
    var dropped: [LogIssue] = []
    var sampleLines: [Int] = []
    var headerLine = 0
    private let numbers = NumberParser()

    /// Column positions in the header row (-1: absent).
    struct Columns {
        var t, x, y, heading, pen, width, erase, count: Int
        /// The second marble's (all -1 in a one-marble log).
        var x2 = -1, y2 = -1, heading2 = -1, pen2 = -1, width2 = -1, erase2 = -1

        /// The columns' names, in the order of the fields above.
        static let names = ["t", "tilt_x", "tilt_y", "heading", "pen", "width", "erase",
                            "tilt_x2", "tilt_y2", "heading2", "pen2", "width2", "erase2"]

        var positions: [Int] { [t, x, y, heading, pen, width, erase, x2, y2, heading2, pen2, width2, erase2] }

        /// Whether the log has a second marble.
        var hasSecond: Bool { x2 >= 0 }

        /// Whether field `k` is one the reader uses.
        func isRead(_ k: Int) -> Bool {
            // Compared one by one: this runs for every field of every row.
            k == t || k == x || k == y || k == heading || k == pen || k == width || k == erase
                || (x2 >= 0 && (k == x2 || k == y2 || k == heading2 || k == pen2 || k == width2 || k == erase2))
        }

        /// Whether field `k` is the second marble's.
        func isSecond(_ k: Int) -> Bool {
            x2 >= 0 && (k == x2 || k == y2 || k == heading2 || k == pen2 || k == width2 || k == erase2)
        }

        func name(_ k: Int) -> String {
            positions.firstIndex(of: k).map { Self.names[$0] } ?? "column \(k + 1)"
        }
    }

    private var columns: Columns?
    private var lineNumber = 0

    init(path: String) {
        self.path = path
    }

    private func issue(_ reason: String) -> LogIssue {
        LogIssue(path: path, line: lineNumber, reason: reason)
    }

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(LogIssue) {
        var start = 0
        let n = bytes.count
        // A byte-order mark is not text: skip it.
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < n {
            var end = start
            while end < n, bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            lineNumber += 1
            try readLine(UnsafeBufferPointer(rebasing: bytes[start..<lineEnd]))
            start = end + 1
        }
        if lineNumber == 0 { throw LogIssue(path: path, line: 1, reason: "empty file; a marble log starts with '\(MarbleLog.magicLine)'") }
        if columns == nil { throw LogIssue(path: path, line: lineNumber, reason: "no header row (t,tilt_x,tilt_y,…) before the end of the file") }
    }

    private mutating func readLine(_ line: UnsafeBufferPointer<UInt8>) throws(LogIssue) {
        if lineNumber == 1 {
            guard String(decoding: line, as: UTF8.self) == MarbleLog.magicLine else {
                throw issue("not a marble log: the first line must be exactly '\(MarbleLog.magicLine)'")
            }
            return
        }
        if line.first == UInt8(ascii: "#") {
            if columns == nil { readMetadata(line) }
            return
        }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        guard let columns else {
            try readHeader(line)
            return
        }
        try readRow(line, columns)
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
        func position(_ name: String) -> Int { names.firstIndex(of: name) ?? -1 }
        var found = Columns(t: position("t"), x: position("tilt_x"), y: position("tilt_y"),
                            heading: position("heading"), pen: position("pen"), width: position("width"),
                            erase: position("erase"), count: names.count)
        (found.x2, found.y2, found.heading2) = (position("tilt_x2"), position("tilt_y2"), position("heading2"))
        (found.pen2, found.width2, found.erase2) = (position("pen2"), position("width2"), position("erase2"))
        let missing = [("t", found.t), ("tilt_x", found.x), ("tilt_y", found.y)].filter { $0.1 < 0 }.map(\.0)
        if !missing.isEmpty {
            throw issue("the header row lacks the column\(missing.count > 1 ? "s" : "") \(missing.joined(separator: ", ")) (it reads '\(text.prefix(80))')")
        }
        for name in Columns.names where names.filter({ $0 == name }).count > 1 {
            throw issue("the header row names the column \(name) twice")
        }
        // The second marble's columns come with its tilt, both axes, or not at all.
        let others = [("heading2", found.heading2), ("pen2", found.pen2), ("width2", found.width2), ("erase2", found.erase2)]
        if (found.x2 < 0) != (found.y2 < 0) || (found.x2 < 0 && others.contains { $0.1 >= 0 }) {
            let named = [("tilt_x2", found.x2), ("tilt_y2", found.y2)] + others
            throw issue("the header row names \(named.filter { $0.1 >= 0 }.map(\.0).joined(separator: ", ")) but a second marble needs both tilt_x2 and tilt_y2")
        }
        if found.hasSecond { second = [] }
        headerLine = lineNumber
        columns = found
    }

    private mutating func readRow(_ line: UnsafeBufferPointer<UInt8>, _ c: Columns) throws(LogIssue) {
        var values = (t: 0.0, x: 0.0, y: 0.0, heading: 0.0, pen: 1.0, width: Double?.none, erase: 0.0)
        var other = (x: 0.0, y: 0.0, heading: 0.0, pen: 1.0, width: Double?.none, erase: 0.0)
        var field = 0
        var fieldStart = 0
        var i = 0
        let n = line.count
        while i <= n {
            if i == n || line[i] == UInt8(ascii: ",") {
                if field < c.count, c.isRead(field) {
                    let text = UnsafeBufferPointer(rebasing: line[fieldStart..<i])
                    // An empty width is the difficulty's own (the writer leaves it so).
                    if (field == c.width || field == c.width2) && text.allSatisfy({ $0 == 0x20 }) {
                        field += 1
                        fieldStart = i + 1
                        i += 1
                        continue
                    }
                    guard let v = numbers.parse(text) else {
                        if c.isSecond(field) && text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                            throw issue("\(c.name(field)) is empty: a two-marble log gives the second marble on every row")
                        }
                        let shown = String(decoding: text, as: UTF8.self)
                        throw issue("\(c.name(field)): '\(shown.prefix(40))' is not a number")
                    }
                    switch field {
                    case c.t: values.t = v
                    case c.x: values.x = v
                    case c.y: values.y = v
                    case c.heading: values.heading = v
                    case c.pen: values.pen = v
                    case c.width: values.width = v
                    case c.erase: values.erase = v
                    case c.x2: other.x = v
                    case c.y2: other.y = v
                    case c.heading2: other.heading = v
                    case c.pen2: other.pen = v
                    case c.width2: other.width = v
                    default: other.erase = v
                    }
                }
                field += 1
                fieldStart = i + 1
            }
            i += 1
        }
        guard field == c.count else {
            if c.hasSecond && field < c.count && [c.x2, c.y2, c.heading2, c.pen2, c.width2, c.erase2].contains(where: { $0 >= field }) {
                throw issue("expected \(c.count) fields as in the header row, found \(field): a two-marble log gives the second marble on every row")
            }
            throw issue("expected \(c.count) fields as in the header row, found \(field)")
        }
        if !(values.t.isFinite && values.x.isFinite && values.y.isFinite && values.heading.isFinite && values.pen.isFinite) {
            let (name, v) = !values.t.isFinite ? ("t", values.t) : !values.x.isFinite ? ("tilt_x", values.x)
                : !values.y.isFinite ? ("tilt_y", values.y) : !values.heading.isFinite ? ("heading", values.heading) : ("pen", values.pen)
            dropped.append(issue("dropped sample: \(name) is \(v.isNaN ? "NaN" : "infinite")"))
            return
        }
        if c.hasSecond && !(other.x.isFinite && other.y.isFinite && other.heading.isFinite && other.pen.isFinite) {
            // The row goes whole: the two marbles' samples stay one a row.
            let (name, v) = !other.x.isFinite ? ("tilt_x2", other.x) : !other.y.isFinite ? ("tilt_y2", other.y)
                : !other.heading.isFinite ? ("heading2", other.heading) : ("pen2", other.pen)
            dropped.append(issue("dropped sample: \(name) is \(v.isNaN ? "NaN" : "infinite")"))
            return
        }
        try checkTools(pen: values.pen, width: values.width, erase: values.erase, marble: "")
        if c.hasSecond { try checkTools(pen: other.pen, width: other.width, erase: other.erase, marble: "2") }
        if let last = samples.last, values.t < last.t {
            throw issue("time goes backwards: t = \(values.t) after \(last.t)")
        }
        samples.append(Sample(t: values.t, tilt: Vec2(values.x, values.y), heading: values.heading, penDown: values.pen == 1,
                              width: values.width, erase: values.erase == 1))
        if c.hasSecond {
            second?.append(Sample(t: values.t, tilt: Vec2(other.x, other.y), heading: other.heading, penDown: other.pen == 1,
                                  width: other.width, erase: other.erase == 1))
        }
        sampleLines.append(lineNumber)
    }

    /// Checks one marble's pen, width and eraser values (`marble`: its columns' suffix).
    private func checkTools(pen: Double, width: Double?, erase: Double, marble: String) throws(LogIssue) {
        guard pen == 0 || pen == 1 else {
            throw issue("pen\(marble): '\(pen)' must be 1 (down) or 0 (up)")
        }
        if let w = width, !(w.isFinite && Sample.widthRange.contains(w)) {
            throw issue("width\(marble): '\(w)' must be a pen width from \(Int(Sample.widthRange.lowerBound)) to \(Int(Sample.widthRange.upperBound)) px")
        }
        guard erase == 0 || erase == 1 else {
            throw issue("erase\(marble): '\(erase)' must be 1 (eraser) or 0 (paint)")
        }
    }
}
