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
        return ReadResult(log: MarbleLog(metadata: reader.metadata, samples: reader.samples), dropped: reader.dropped, sampleLines: reader.sampleLines)
    }
}

/// The line-by-line reader behind `MarbleLog.parse`.
struct LogTextReader {
    let path: String
    var metadata: [MarbleLog.Metadata] = []
    var samples: [Sample] = []
    var dropped: [LogIssue] = []
    var sampleLines: [Int] = []
    private let numbers = NumberParser()

    /// Column positions in the header row (-1: absent).
    struct Columns {
        var t, x, y, heading, pen, width, erase, count: Int

        /// Whether field `k` is one the reader uses.
        func isRead(_ k: Int) -> Bool {
            // Compared one by one: this runs for every field of every row.
            k == t || k == x || k == y || k == heading || k == pen || k == width || k == erase
        }

        func name(_ k: Int) -> String {
            switch k {
            case t: return "t"
            case x: return "tilt_x"
            case y: return "tilt_y"
            case heading: return "heading"
            case pen: return "pen"
            case width: return "width"
            default: return "erase"
            }
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
        let found = Columns(t: position("t"), x: position("tilt_x"), y: position("tilt_y"),
                            heading: position("heading"), pen: position("pen"), width: position("width"),
                            erase: position("erase"), count: names.count)
        let missing = [("t", found.t), ("tilt_x", found.x), ("tilt_y", found.y)].filter { $0.1 < 0 }.map(\.0)
        if !missing.isEmpty {
            throw issue("the header row lacks the column\(missing.count > 1 ? "s" : "") \(missing.joined(separator: ", ")) (it reads '\(text.prefix(80))')")
        }
        for name in ["t", "tilt_x", "tilt_y", "heading", "pen", "width", "erase"] where names.filter({ $0 == name }).count > 1 {
            throw issue("the header row names the column \(name) twice")
        }
        columns = found
    }

    private mutating func readRow(_ line: UnsafeBufferPointer<UInt8>, _ c: Columns) throws(LogIssue) {
        var values = (t: 0.0, x: 0.0, y: 0.0, heading: 0.0, pen: 1.0, width: Double?.none, erase: 0.0)
        var field = 0
        var fieldStart = 0
        var i = 0
        let n = line.count
        while i <= n {
            if i == n || line[i] == UInt8(ascii: ",") {
                if field < c.count, c.isRead(field) {
                    let text = UnsafeBufferPointer(rebasing: line[fieldStart..<i])
                    // An empty width is the difficulty's own (the writer leaves it so).
                    if field == c.width && text.allSatisfy({ $0 == 0x20 }) {
                        field += 1
                        fieldStart = i + 1
                        i += 1
                        continue
                    }
                    guard let v = numbers.parse(text) else {
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
                    default: values.erase = v
                    }
                }
                field += 1
                fieldStart = i + 1
            }
            i += 1
        }
        guard field == c.count else {
            throw issue("expected \(c.count) fields as in the header row, found \(field)")
        }
        if !(values.t.isFinite && values.x.isFinite && values.y.isFinite && values.heading.isFinite && values.pen.isFinite) {
            let (name, v) = !values.t.isFinite ? ("t", values.t) : !values.x.isFinite ? ("tilt_x", values.x)
                : !values.y.isFinite ? ("tilt_y", values.y) : !values.heading.isFinite ? ("heading", values.heading) : ("pen", values.pen)
            dropped.append(issue("dropped sample: \(name) is \(v.isNaN ? "NaN" : "infinite")"))
            return
        }
        guard values.pen == 0 || values.pen == 1 else {
            throw issue("pen: '\(values.pen)' must be 1 (down) or 0 (up)")
        }
        if let w = values.width, !(w.isFinite && Sample.widthRange.contains(w)) {
            throw issue("width: '\(w)' must be a pen width from \(Int(Sample.widthRange.lowerBound)) to \(Int(Sample.widthRange.upperBound)) px")
        }
        guard values.erase == 0 || values.erase == 1 else {
            throw issue("erase: '\(values.erase)' must be 1 (eraser) or 0 (paint)")
        }
        if let last = samples.last, values.t < last.t {
            throw issue("time goes backwards: t = \(values.t) after \(last.t)")
        }
        samples.append(Sample(t: values.t, tilt: Vec2(values.x, values.y), heading: values.heading, penDown: values.pen == 1,
                              width: values.width, erase: values.erase == 1))
        sampleLines.append(lineNumber)
    }
}
