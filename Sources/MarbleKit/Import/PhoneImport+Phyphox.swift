import Foundation

extension PhoneImport {
    /// phyphox's CSV export: one file per export set, names in double quotes.
    ///
    /// Each sensor's columns follow its own `"Time (s)"` column (all on the experiment's
    /// clock), so one file can hold several groups; shorter groups are padded with `NaN`.
    /// Numbers look like `9.806650000E0`; the semicolon and tab variants may use a decimal
    /// comma. The accelerometer follows Android's convention (reads +g on the axis pointing
    /// up) on both platforms.
    enum Phyphox {
        static let source = "phyphox"

        static let lookedFor = "a phyphox CSV export: a header row with \"Time (s)\" followed by acceleration "
            + "x, y, z columns in m/s^2 (\"Acceleration x (m/s^2)\" or \"X (m/s^2)\"; comma-, semicolon- or "
            + "tab-separated), and magnetic field columns in µT (\"Magnetic field x (µT)\" or \"X (µT)\") for heading"

        /// The sensors whose columns are used.
        enum Kind { case accelerometer, magnetometer }

        /// One sensor's columns: its time column and x, y, z.
        struct Group {
            let table: CSVTable
            let kind: Kind
            let time: Int
            let axes: [Int]
        }

        /// The sensor and axis (0, 1, 2 for x, y, z) a column holds, from its name.
        ///
        /// Accepts the short names (`X (m/s^2)`, `X (µT)`) and the long ones
        /// (`Acceleration x (m/s^2)`, `Magnetic field x (µT)`), in any case, with µ or μ.
        /// Linear acceleration (gravity removed) is refused: it gives no tilt.
        static func axis(of column: String) -> (kind: Kind, axis: Int)? {
            let name = column.lowercased()
                .replacingOccurrences(of: "\u{03BC}", with: "\u{00B5}")
                .replacingOccurrences(of: "²", with: "^2")
            guard name.hasSuffix(")"), let open = name.range(of: " (", options: .backwards) else { return nil }
            let unit = name[open.upperBound..<name.index(before: name.endIndex)].trimmingCharacters(in: .whitespaces)
            var words = name[..<open.lowerBound].split(separator: " ").map(String.init)
            guard let letter = words.popLast(), let axis = ["x", "y", "z"].firstIndex(of: letter) else { return nil }
            let qualifier = words.joined(separator: " ")
            if unit == "m/s^2", ["", "acceleration", "accelerometer"].contains(qualifier) { return (.accelerometer, axis) }
            if unit == "µt" || unit == "ut", ["", "magnetic field", "magnetometer", "field"].contains(qualifier) { return (.magnetometer, axis) }
            return nil
        }

        /// The accelerometer and magnetometer column groups in a table (none if it is not phyphox's).
        static func groups(in table: CSVTable) -> [Group] {
            // A short-named file for linear acceleration ("X (m/s^2)" in linearAccelerometer.csv)
            // has no gravity in it.
            let linear = table.name.lowercased().contains("linear")
            var groups: [Group] = []
            var time: Int?
            var found: [Kind: [Int?]] = [:]
            func close() {
                guard let time else { return }
                for kind in [Kind.accelerometer, .magnetometer] {
                    if kind == .accelerometer && linear { continue }
                    if let axes = found[kind], axes.allSatisfy({ $0 != nil }) {
                        groups.append(Group(table: table, kind: kind, time: time, axes: axes.map { $0! }))
                    }
                }
            }
            for (i, column) in table.columns.enumerated() {
                if column.lowercased() == "time (s)" {
                    close()
                    time = i
                    found = [:]
                } else if time != nil, let (kind, axis) = axis(of: column) {
                    var axes = found[kind] ?? [nil, nil, nil]
                    if axes[axis] == nil { axes[axis] = i }
                    found[kind] = axes
                }
            }
            close()
            return groups
        }

        /// The recording among `tables`, or nil when none has a phyphox accelerometer with rows.
        static func importRecording(from tables: [CSVTable], survey: inout ImportSurvey) throws(ImportError) -> ImportResult? {
            var accelerometers: [Group] = []
            var magnetometers: [Group] = []
            for table in tables where table.column("time (s)") != nil {
                let found = groups(in: table)
                accelerometers += found.filter { $0.kind == .accelerometer }
                magnetometers += found.filter { $0.kind == .magnetometer }
                if found.isEmpty {
                    let why = table.name.lowercased().contains("linear")
                        ? "phyphox linear acceleration has no gravity in it, so it gives no tilt"
                        : "phyphox-style header without x, y, z columns in m/s^2 or µT ('\(table.headerText)')"
                    survey.add(table.path, why)
                } else if !found.contains(where: { $0.kind == .accelerometer }) {
                    survey.add(table.path, "phyphox magnetometer only: an accelerometer is needed for tilt")
                }
            }

            // Tilt: the first accelerometer group with rows.
            var chosen: (group: Group, rows: TimedRows)?
            for group in accelerometers where chosen == nil {
                var rows = try group.table.timedRows(time: group.time, values: group.axes)
                rows = rows.filtered { rows.vector($0).unit != nil }
                if rows.count > 0 { chosen = (group, rows) } else { survey.add(group.table.path, "phyphox accelerometer header, but no usable data rows") }
            }
            guard let (accel, accelRows) = chosen else { return nil }

            var notes: [String] = []
            if accelerometers.count > 1 {
                notes.append("found \(accelerometers.count) accelerometer tables; used the one in \(accel.table.path)")
            }
            var filesUsed = [accel.table.path]

            // Raw readings carry the hand's jitter: low-pass them, then down = −reading.
            let filter = LowPassFilter()
            let filtered = filter.apply(times: accelRows.times, values: (0..<accelRows.count).map { accelRows.vector($0) })
            var rows = accelRows
            rows = rows.filtered { filtered[$0].unit != nil }
            let kept = filtered.filter { $0.unit != nil }
            let origin = rows.times[0]
            let times = rows.times.map { $0 - origin }
            let downs = kept.map { DownVector.from($0, .pointsUp)! }
            notes.append("accelerometer low-passed (exponential, τ = \(filter.timeConstant) s, alpha = 1 − exp(−dt/τ))")
            notes.append("down vector = −(low-passed reading): phyphox's accelerometer reads +g on the axis pointing up")
            if let note = rows.skippedNote("an empty, NaN, infinite or zero reading") { notes.append(note) }

            // Heading: the tilt-compensated magnetometer, on the same clock.
            var track: HeadingTrack?
            var headingFrom = "none"
            let folder = (accel.table.path as NSString).deletingLastPathComponent
            let magnetometer = magnetometers.first { $0.table.path == accel.table.path }
                ?? magnetometers.first { ($0.table.path as NSString).deletingLastPathComponent == folder }
                ?? magnetometers.first
            if let magnetometer {
                var magRows = try magnetometer.table.timedRows(time: magnetometer.time, values: magnetometer.axes)
                let downsThere = DownVector.interpolate(times: times, downs: downs, at: magRows.times.map { $0 - origin })
                let headings = (0..<magRows.count).map { DeviceHeading.fromMagnetometer(down: downsThere[$0], field: magRows.vector($0)) }
                magRows = magRows.filtered { headings[$0] != nil }
                if magRows.count > 0 {
                    track = HeadingTrack(times: magRows.times.map { $0 - origin }, degrees: headings.compactMap { $0 })
                    if !filesUsed.contains(magnetometer.table.path) { filesUsed.append(magnetometer.table.path) }
                    headingFrom = "\(magnetometer.table.name) magnetic field (tilt-compensated)"
                    notes.append("heading from \(magnetometer.table.name) magnetic field, tilt-compensated with the low-passed down vector")
                    if let note = magRows.skippedNote("an empty, NaN or infinite value, or a field along the vertical") { notes.append(note) }
                } else {
                    notes.append("\(magnetometer.table.name): magnetometer columns but no usable data rows")
                }
            }
            if track == nil { notes.append("no heading stream (no magnetometer columns): heading 0 throughout") }

            let log = MarbleLog(
                metadata: [
                    .init("source", source),
                    .init("imported_from", filesUsed.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")),
                    .init("heading_from", headingFrom),
                    .init("lowpass", "exponential, tau \(filter.timeConstant) s"),
                ],
                samples: PhoneImport.samples(times: times, downs: downs, heading: track))
            return ImportResult(log: log, source: source, filesUsed: filesUsed, notes: notes)
        }
    }
}
