import Foundation

extension PhoneImport {
    /// Sensor Logger's CSV export (iOS and Android): one file per sensor, named after it.
    ///
    /// `Gravity.csv` gives the tilt, `Orientation.csv` (yaw, radians) or else
    /// `Magnetometer.csv` (µT) the heading, `Metadata.csv` the platform. Every file has
    /// `time` (epoch nanoseconds) and `seconds_elapsed` (seconds since Start), then its
    /// values; the axis columns come as `z,y,x` today, but are found by name.
    enum SensorLogger {
        static let source = "sensor-logger"

        static let lookedFor = "Sensor Logger's Gravity.csv (header row time,seconds_elapsed,z,y,x, in any order), "
            + "with Orientation.csv (time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw) or Magnetometer.csv "
            + "(time,seconds_elapsed,z,y,x) for heading and Metadata.csv (…,platform,…)"

        /// What a Sensor Logger file holds; the file name decides, since Gravity.csv and
        /// Magnetometer.csv (and Accelerometer.csv, Gyroscope.csv…) share one header row.
        enum Role: String, CaseIterable {
            case gravity = "Gravity.csv"
            case orientation = "Orientation.csv"
            case magnetometer = "Magnetometer.csv"
            case metadata = "Metadata.csv"

            /// The columns a file in this role must have, for messages.
            var needs: String {
                switch self {
                case .gravity, .magnetometer: return "needs x, y, z and seconds_elapsed or time"
                case .orientation: return "needs yaw and seconds_elapsed or time"
                case .metadata: return "needs platform"
                }
            }
        }

        /// The role of a file, from its name and header row; nil when it is not one Sensor Logger file we use.
        static func role(of table: CSVTable) -> Role? {
            guard let role = Role.allCases.first(where: { $0.rawValue.lowercased() == table.name.lowercased() }) else { return nil }
            let hasClock = table.column("seconds_elapsed") != nil || table.column("time") != nil
            let hasAxes = ["x", "y", "z"].allSatisfy { table.column($0) != nil }
            switch role {
            case .gravity, .magnetometer: return hasClock && hasAxes ? role : nil
            case .orientation: return hasClock && table.column("yaw") != nil ? role : nil
            case .metadata: return table.column("platform") != nil ? role : nil
            }
        }

        /// The recording among `tables`, or nil when none has a usable Gravity.csv.
        static func importRecording(from tables: [CSVTable], survey: inout ImportSurvey) throws(ImportError) -> ImportResult? {
            let byRole = sorted(tables, survey: &survey)

            // Tilt: the first Gravity.csv with rows.
            guard let (gravity, gravityRows, clock) = try firstGravity(byRole[.gravity] ?? [], survey: &survey) else { return nil }

            var notes: [String] = []
            let folder = (gravity.path as NSString).deletingLastPathComponent
            let gravityCount = byRole[.gravity]?.count ?? 0
            if gravityCount > 1 {
                notes.append("found \(gravityCount) Gravity.csv files; used \(gravity.path) and the files beside it")
            }
            // Companions come from the gravity file's folder: another recording's clock does not line up.
            func companion(_ role: Role) -> CSVTable? {
                let candidates = byRole[role] ?? []
                if let same = candidates.first(where: { ($0.path as NSString).deletingLastPathComponent == folder }) { return same }
                return gravityCount == 1 ? candidates.first : nil
            }

            var filesUsed = [gravity.path]
            var importedFrom = [gravity.name]

            // Platform: it decides which way gravity points and how yaw turns.
            let metadataTable = companion(.metadata)
            let platform = try readPlatform(metadataTable, notes: &notes)
            if let metadataTable { filesUsed.append(metadataTable.path) }
            let convention: DownVector.Convention = platform.androidFrames ? .pointsUp : .pointsDown
            let yawConvention: DeviceHeading.YawConvention = platform.androidFrames ? .yNorthClockwise : .xNorthCounterClockwise

            // Sensor Logger's gravity is already filtered by the phone: use it as it is.
            let scale = clock == "time" ? 1e-9 : 1.0
            let origin = gravityRows.times[0]
            // Subtracting the origin before scaling keeps epoch nanoseconds precise.
            let times = gravityRows.times.map { ($0 - origin) * scale }
            let downs = (0..<gravityRows.count).map { DownVector.from(gravityRows.vector($0), convention)! }
            if let note = gravityRows.skippedNote("an empty, NaN, infinite or zero reading") { notes.append(note) }
            notes.append(platform.androidFrames
                ? "down vector = −gravity (Android convention: gravity reads +g on the axis pointing up)"
                : "down vector = gravity (iOS convention: gravity points down)")

            // Heading: Orientation.csv's yaw, else the tilt-compensated magnetometer.
            let seconds = { (raw: [Double]) in raw.map { ($0 - origin) * scale } }
            var track: HeadingTrack?
            var headingFrom = "none"
            if let orientation = companion(.orientation),
               let yaw = try yawTrack(orientation, clock: clock, beside: gravity, seconds: seconds, yawConvention, notes: &notes) {
                track = yaw
                filesUsed.append(orientation.path)
                importedFrom.append(orientation.name)
                headingFrom = "\(orientation.name) yaw"
            }
            if let magnetometer = companion(.magnetometer) {
                if track != nil {
                    notes.append("\(magnetometer.name) not used: \(headingFrom) is preferred")
                } else if let field = try fieldTrack(magnetometer, clock: clock, beside: gravity, seconds: seconds,
                                                     downs: (times, downs), notes: &notes) {
                    track = field
                    filesUsed.append(magnetometer.path)
                    importedFrom.append(magnetometer.name)
                    headingFrom = "\(magnetometer.name) (tilt-compensated)"
                }
            }
            if track == nil { notes.append("no heading stream (Orientation.csv or Magnetometer.csv): heading 0 throughout") }

            let log = MarbleLog(
                metadata: [
                    .init("source", source),
                    .init("platform", platform.name),
                    .init("imported_from", importedFrom.joined(separator: ", ")),
                    .init("heading_from", headingFrom),
                    .init("time_from", clock == "time" ? "time (ns)" : "seconds_elapsed"),
                ],
                samples: PhoneImport.samples(times: times, downs: downs, heading: track))
            return ImportResult(log: log, source: source, filesUsed: filesUsed, notes: notes)
        }

        /// `tables` by the part each plays; one named like a part but not fitting it is in the survey.
        private static func sorted(_ tables: [CSVTable], survey: inout ImportSurvey) -> [Role: [CSVTable]] {
            var byRole: [Role: [CSVTable]] = [:]
            for table in tables {
                if let role = role(of: table) {
                    byRole[role, default: []].append(table)
                } else if table.column("time (s)") == nil,  // phyphox also writes a Magnetometer.csv: it explains its own
                          let named = Role.allCases.first(where: { $0.rawValue.lowercased() == table.name.lowercased() }) {
                    survey.add(table.path, "named like Sensor Logger's \(named.rawValue), but its header row '\(table.headerText)' does not fit (\(named.needs))")
                }
            }
            return byRole
        }

        /// The first of `tables` (Gravity.csv files) with rows, its rows and its clock's column;
        /// each one before it is in the survey, with why it was passed over.
        private static func firstGravity(_ tables: [CSVTable], survey: inout ImportSurvey)
            throws(ImportError) -> (table: CSVTable, rows: TimedRows, clock: String)? {
            for table in tables {
                let clock = table.column("seconds_elapsed") != nil ? "seconds_elapsed" : "time"
                var rows = try table.timedRows(time: table.column(clock)!, values: axes(table))
                // A zero reading has no direction, so it gives no tilt.
                rows = rows.filtered { rows.vector($0).unit != nil }
                if rows.count > 0 { return (table, rows, clock) }
                survey.add(table.path, "Sensor Logger gravity header, but no usable data rows")
            }
            return nil
        }

        /// The heading from an Orientation.csv's yaw, its times by `seconds`; nil (and a note why)
        /// when it has no rows or no column to line it up with the gravity file's clock.
        private static func yawTrack(_ orientation: CSVTable, clock: String, beside gravity: CSVTable, seconds: ([Double]) -> [Double],
                                     _ yawConvention: DeviceHeading.YawConvention, notes: inout [String]) throws(ImportError) -> HeadingTrack? {
            guard let timeColumn = orientation.column(clock), let yaw = orientation.column("yaw") else {
                notes.append("\(orientation.name) has no \(clock) column to line it up with \(gravity.name)")
                return nil
            }
            let rows = try orientation.timedRows(time: timeColumn, values: [yaw])
            guard rows.count > 0 else {
                notes.append("\(orientation.name) has a header row but no usable data rows")
                return nil
            }
            notes.append(yawConvention == .xNorthCounterClockwise
                ? "heading from \(orientation.name) yaw: top edge at (270° − yaw) mod 360 (iOS: yaw 0 with +x at true north, counter-clockwise)"
                : "heading from \(orientation.name) yaw: top edge at yaw mod 360 (Android: azimuth of +y from magnetic north, clockwise)")
            if let note = rows.skippedNote("an empty, NaN or infinite value") { notes.append(note) }
            return HeadingTrack(times: seconds(rows.times), degrees: rows.values[0].map { DeviceHeading.fromYaw($0, yawConvention) })
        }

        /// The heading from a Magnetometer.csv, tilt-compensated with the gravity file's down
        /// vectors at their times; nil (and a note why) when it gives none.
        private static func fieldTrack(_ magnetometer: CSVTable, clock: String, beside gravity: CSVTable, seconds: ([Double]) -> [Double],
                                       downs gravityDowns: (times: [Double], downs: [DeviceVector]),
                                       notes: inout [String]) throws(ImportError) -> HeadingTrack? {
            guard let timeColumn = magnetometer.column(clock) else {
                notes.append("\(magnetometer.name) has no \(clock) column to line it up with \(gravity.name)")
                return nil
            }
            var rows = try magnetometer.timedRows(time: timeColumn, values: axes(magnetometer))
            let downsThere = DownVector.interpolate(times: gravityDowns.times, downs: gravityDowns.downs, at: seconds(rows.times))
            let headings = (0..<rows.count).map { DeviceHeading.fromMagnetometer(down: downsThere[$0], field: rows.vector($0)) }
            rows = rows.filtered { headings[$0] != nil }
            guard rows.count > 0 else {
                notes.append("\(magnetometer.name) has a header row but no usable data rows")
                return nil
            }
            notes.append("heading from \(magnetometer.name), tilt-compensated with the gravity down vector")
            if let note = rows.skippedNote("an empty, NaN or infinite value, or a field along the vertical") { notes.append(note) }
            return HeadingTrack(times: seconds(rows.times), degrees: headings.compactMap { $0 })
        }

        /// The x, y and z columns, in that order.
        private static func axes(_ table: CSVTable) -> [Int] {
            ["x", "y", "z"].map { table.column($0)! }
        }

        /// The platform a recording came from and whether its frames follow Android's conventions.
        struct Platform {
            var name: String
            var androidFrames: Bool
        }

        /// The platform from Metadata.csv's first row; iOS, with a note, when it cannot be told.
        ///
        /// Sensor Logger's "Standardise Units & Frames" setting (the `standardisation` column)
        /// makes an iOS recording follow Android's conventions for gravity and yaw.
        static func readPlatform(_ metadata: CSVTable?, notes: inout [String]) throws(ImportError) -> Platform {
            let assumed = "assumed iOS conventions (gravity points down; yaw 0 with +x at true north, growing counter-clockwise)"
            guard let metadata else {
                notes.append("no Metadata.csv: \(assumed)")
                return Platform(name: "ios", androidFrames: false)
            }
            var first: [String]?
            try metadata.forEachRow { (_, fields) throws(ImportError) in
                if first == nil { first = fields.map { metadata.text($0) } }
            }
            guard let row = first else {
                notes.append("\(metadata.name) has no data row: \(assumed)")
                return Platform(name: "ios", androidFrames: false)
            }
            let value = row[metadata.column("platform")!]
            var platform: Platform
            switch value.lowercased() {
            case "android":
                platform = Platform(name: "android", androidFrames: true)
                notes.append("platform android from \(metadata.name)")
            case "ios":
                platform = Platform(name: "ios", androidFrames: false)
                notes.append("platform ios from \(metadata.name)")
            default:
                platform = Platform(name: "ios", androidFrames: false)
                notes.append("\(metadata.name) names the platform '\(value)': \(assumed)")
            }
            if !platform.androidFrames, let column = metadata.column("standardisation"), row[column].lowercased() == "true" {
                platform.androidFrames = true
                notes.append("\(metadata.name): standardisation is on, so gravity and yaw follow Android's conventions")
            }
            return platform
        }
    }
}
