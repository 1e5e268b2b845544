import Foundation

/// The rows of one sensor stream: a time column and value columns, in file order.
///
/// Times are as in the file (seconds, or nanoseconds for Sensor Logger's `time`): callers
/// subtract an origin before scaling, so epoch nanoseconds keep their precision.
struct TimedRows {
    /// The file the rows came from.
    var path: String
    var times: [Double] = []
    /// One array per value column, each as long as `times`.
    var values: [[Double]]
    /// The 1-based line number of each row kept.
    var lines: [Int] = []
    /// Lines of rows skipped because a value was empty, NaN or infinite.
    var skippedLines: [Int] = []

    var count: Int { times.count }

    /// Row `i` of the first three value columns as a vector.
    func vector(_ i: Int) -> DeviceVector { DeviceVector(values[0][i], values[1][i], values[2][i]) }

    /// The rows for which `keep` is true, the others counted as skipped.
    func filtered(_ keep: (Int) -> Bool) -> TimedRows {
        var kept = TimedRows(path: path, values: values.map { _ in [] })
        kept.skippedLines = skippedLines
        for i in 0..<count {
            if keep(i) {
                kept.times.append(times[i])
                kept.lines.append(lines[i])
                for k in values.indices { kept.values[k].append(values[k][i]) }
            } else {
                kept.skippedLines.append(lines[i])
            }
        }
        return kept
    }

    /// A note on skipped rows, or nil when none were skipped.
    func skippedNote(_ what: String) -> String? {
        guard let first = skippedLines.first else { return nil }
        return "skipped \(plural(skippedLines.count, "row")) of \((path as NSString).lastPathComponent) with \(what) (first at line \(first))"
    }
}

extension CSVTable {
    /// The rows of the time column `time` and the value columns `values`.
    ///
    /// A row with an empty, NaN or infinite time or value is skipped (and counted). A number
    /// that does not parse is bad data, and so is a time earlier than the one before it:
    /// sorting would hide a broken recording.
    func timedRows(time: Int, values: [Int]) throws(ImportError) -> TimedRows {
        var rows = TimedRows(path: path, values: values.map { _ in [] })
        var row = [Double](repeating: 0, count: values.count)
        var lastTime: Double?
        try forEachRow { (line, fields) throws(ImportError) in
            let t = try numberOrThrow(fields, time, line)
            var finite = t.isFinite
            for (k, column) in values.enumerated() {
                row[k] = try numberOrThrow(fields, column, line)
                finite = finite && row[k].isFinite
            }
            guard finite else {
                rows.skippedLines.append(line)
                return
            }
            if let lastTime, t < lastTime {
                throw .badData(path: path, line: line,
                               reason: "time goes backwards: \(columns[time]) is \(t) after \(lastTime)")
            }
            lastTime = t
            rows.times.append(t)
            rows.lines.append(line)
            for k in values.indices { rows.values[k].append(row[k]) }
        }
        return rows
    }

    /// The number in column `column` of a row, or bad data naming the column.
    func numberOrThrow(_ fields: [Range<Int>], _ column: Int, _ line: Int) throws(ImportError) -> Double {
        guard let v = number(fields[column]) else {
            let shown = text(fields[column])
            throw .badData(path: path, line: line, reason: "\(columns[column]): '\(shown.prefix(40))' is not a number")
        }
        return v
    }
}
