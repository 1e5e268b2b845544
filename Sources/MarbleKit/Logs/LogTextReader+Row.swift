/// A row of a log read into its samples, by the header's columns.
extension LogTextReader {
    /// Reads one row into every marble's samples, by the header's columns.
    ///
    /// A good row calls no method of `self` (it would copy the whole reader) and copies no array.
    mutating func readRow(_ line: UnsafeBufferPointer<UInt8>) throws(LogIssue) {
        let fields = Field.allCases.count
        let marbleCount = columns.marbles, columnCount = columns.count
        for k in 0..<marbleCount {
            values[1 + k * fields + Field.x.rawValue] = 0
            values[1 + k * fields + Field.y.rawValue] = 0
            values[1 + k * fields + Field.heading.rawValue] = 0
            values[1 + k * fields + Field.pen.rawValue] = 1
            values[1 + k * fields + Field.erase.rawValue] = 0
            values[1 + k * fields + Field.opacity.rawValue] = 1
            widths[k] = false
        }
        var field = 0
        var fieldStart = 0
        let n = line.count
        while true {
            let slot = field < columnCount ? columns.slots[field] : -1
            // A number followed by a comma or the line's end is read in the pass that finds
            // the comma (a log's fields are such numbers); anything else is found, then read whole.
            var end = fieldStart
            var read: Double?
            if slot >= 0, let (v, e) = numbers.parsePrefix(line, from: fieldStart), e == n || line[e] == UInt8(ascii: ",") {
                read = v
                end = e
            } else {
                while end < n, line[end] != UInt8(ascii: ",") { end += 1 }
            }
            if slot >= 0 {
                let isWidth = slot > 0 && (slot - 1) % fields == Field.width.rawValue
                let text = UnsafeBufferPointer(rebasing: line[fieldStart..<end])
                // An empty width is the difficulty's own (the writer leaves it so).
                if read != nil || !(isWidth && text.allSatisfy({ $0 == 0x20 })) {
                    guard let v = read ?? numbers.parse(text) else {
                        if slot > fields && text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                            throw issue("\(columns.name(field)) is empty: a log of \(marbleCount) marbles gives every marble on every row")
                        }
                        let shown = String(decoding: text, as: UTF8.self)
                        throw issue("\(columns.name(field)): '\(shown.prefix(40))' is not a number")
                    }
                    values[slot] = v
                    if isWidth { widths[(slot - 1) / fields] = true }
                }
            }
            field += 1
            guard end < n else { break }
            fieldStart = end + 1
        }
        guard field == columnCount else {
            if marbleCount > 1 && field < columnCount && columns.slots[field...].contains(where: { $0 > fields }) {
                throw issue("expected \(columnCount) fields as in the header row, found \(field): a log of \(marbleCount) marbles gives every marble on every row")
            }
            throw issue("expected \(columnCount) fields as in the header row, found \(field)")
        }
        try keepRow(marbleCount: marbleCount)
    }

    /// Keeps the row just read as every marble's sample, or drops it (a value not finite) or
    /// throws (a tool out of range, time going backwards). Inlined: the row's loop stays one.
    @inline(__always)
    private mutating func keepRow(marbleCount: Int) throws(LogIssue) {
        let fields = Field.allCases.count
        // A row with a value that is not finite goes whole: the marbles' samples stay one a row.
        if !values[0].isFinite {
            dropped.append(issue("dropped sample: t is \(values[0].isNaN ? "NaN" : "infinite")"))
            return
        }
        for k in 0..<marbleCount {
            // tilt_x, tilt_y, heading, pen: the fields before the width.
            for f in 0..<Field.width.rawValue {
                let v = values[1 + k * fields + f]
                if !v.isFinite {
                    dropped.append(issue("dropped sample: \(Field(rawValue: f)!.name(marble: k + 1)) is \(v.isNaN ? "NaN" : "infinite")"))
                    return
                }
            }
        }
        for k in 0..<marbleCount {
            let base = 1 + k * fields
            if let reason = Self.toolIssue(pen: values[base + Field.pen.rawValue],
                                           width: widths[k] ? values[base + Field.width.rawValue] : nil,
                                           erase: values[base + Field.erase.rawValue],
                                           opacity: values[base + Field.opacity.rawValue], marble: k) {
                throw issue(reason)
            }
        }
        let t = values[0]
        if let last = lastTime, t < last {
            throw issue("time goes backwards: t = \(t) after \(last)")
        }
        lastTime = t
        for k in 0..<marbleCount {
            let base = 1 + k * fields
            let sample = Sample(t: t, tilt: Vec2(values[base + Field.x.rawValue], values[base + Field.y.rawValue]),
                                heading: values[base + Field.heading.rawValue], penDown: values[base + Field.pen.rawValue] == 1,
                                width: widths[k] ? values[base + Field.width.rawValue] : nil,
                                erase: values[base + Field.erase.rawValue] == 1,
                                opacity: values[base + Field.opacity.rawValue])
            rows.append(sample)
        }
        sampleLines.append(lineNumber)
    }
}
