import Foundation
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// Paths and helpers for the Sensor Logger import tests.
///
/// The fixtures were generated from known poses: 30 Gravity.csv rows at 100 Hz (seconds
/// 0–0.09 flat face up, 0.1–0.19 right edge down 30°, 0.2–0.29 top edge down 20°);
/// Orientation.csv at 50 Hz from 0.005 s with the top edge's heading 350° + 200°/s·τ (iOS)
/// or 170° + 100°/s·τ (Android), τ the time since its first row; Magnetometer.csv at 100 Hz
/// from 0.005 s for a field of 20 µT north, 40 µT down with the top edge at 60° (iOS) or
/// 200° (Android).
private enum SensorLoggerFixture: ImportScratch {
    static let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func path(_ parts: String...) -> String {
        parts.reduce(root) { $0.appendingPathComponent($1) }.path
    }

    /// The tilt the fixture's Gravity.csv row `i` was made from.
    static func tilt(row i: Int) -> (x: Double, y: Double) {
        switch i / 10 {
        case 0: return (0, 0)
        case 1: return (sin(30 * Double.pi / 180), 0)
        default: return (0, sin(20 * Double.pi / 180))
        }
    }

}

@Suite struct ImportSensorLoggerTests {
    fileprivate typealias F = SensorLoggerFixture

    @Test func importsIOSFolderWithOneTiltPerGravityRow() throws {
        let result = try PhoneImport.importLog(paths: [F.path("SensorLogger-iOS")], io: .system)
        #expect(result.source == "sensor-logger")
        #expect(result.log.metadataValue("source") == "sensor-logger")
        #expect(result.log.metadataValue("platform") == "ios")
        #expect(result.log.metadataValue("imported_from") == "Gravity.csv, Orientation.csv")
        // Accelerometer.csv shares Gravity.csv's header row: the file name must keep it out.
        #expect(Set(result.filesUsed.map { ($0 as NSString).lastPathComponent }) == ["Gravity.csv", "Metadata.csv", "Orientation.csv"])
        let samples = result.log.marbles[0]
        try #require(samples.count == 30)
        for (i, s) in samples.enumerated() {
            let want = F.tilt(row: i)
            // t from seconds_elapsed, counted from the first row; tolerance for its decimal digits.
            #expect(abs(s.t - Double(i) * 0.01) < 1e-9, "t at row \(i)")
            #expect(abs(s.tilt.x - want.x) < 1e-9 && abs(s.tilt.y - want.y) < 1e-9, "tilt at row \(i): \(s.tilt)")
            #expect(s.penDown)
        }
        // The sign convention itself: right edge down → tilt_x > 0; top edge down → tilt_y > 0.
        #expect(samples[15].tilt.x > 0.4 && samples[25].tilt.y > 0.3)
    }

    @Test func importsIOSHeadingFromYawAcrossTheWrapAtNorth() throws {
        let result = try PhoneImport.importLog(paths: [F.path("SensorLogger-iOS")], io: .system)
        #expect(result.log.metadataValue("heading_from") == "Orientation.csv yaw")
        #expect(result.notes.contains { $0.contains("heading from Orientation.csv yaw") })
        // Orientation wins over Magnetometer.csv, which would say 60° throughout.
        #expect(result.notes.contains { $0.contains("Magnetometer.csv not used") })
        for (i, s) in result.log.marbles[0].enumerated() {
            // Orientation rows start 0.005 s after gravity's and end at 0.265 s: ends held.
            let tau = min(max(Double(i) * 0.01 - 0.005, 0), 0.26)
            let want = HeadingColor.normalized(350 + 200 * tau)
            #expect(F.arc(s.heading, want) < 1e-6, "heading at row \(i): \(s.heading), want \(want)")
            #expect(s.heading >= 0 && s.heading < 360)
        }
        // Interpolating 358° → 2° must pass through north, not through south.
        let atWrap = result.log.marbles[0][6].heading
        #expect(F.arc(atWrap, 1) < 1e-6, "row 6 heading \(atWrap)")
        #expect(result.log.marbles[0][0].heading == HeadingColor.normalized(350))
    }

    @Test func assumesIOSWithoutMetadataAndSaysSo() throws {
        let result = try PhoneImport.importLog(paths: [F.path("SensorLogger-iOS", "Gravity.csv"), F.path("SensorLogger-iOS", "Orientation.csv")], io: .system)
        #expect(result.log.metadataValue("platform") == "ios")
        #expect(result.notes.contains { $0.contains("no Metadata.csv") && $0.contains("assumed iOS") })
        #expect(abs(result.log.marbles[0][15].tilt.x - 0.5) < 1e-9)
    }

    @Test func magnetometerHeadingIsTiltCompensated() throws {
        let dir = "SensorLogger-iOS"
        let result = try PhoneImport.importLog(paths: [F.path(dir, "Gravity.csv"), F.path(dir, "Magnetometer.csv"), F.path(dir, "Metadata.csv")], io: .system)
        #expect(result.log.metadataValue("heading_from") == "Magnetometer.csv (tilt-compensated)")
        #expect(result.log.metadataValue("imported_from") == "Gravity.csv, Magnetometer.csv")
        // Rows whose neighbouring magnetometer rows fall in the same pose (a row next to a
        // pose change sees a blended down vector): flat, right edge down 30°, top edge down 20°.
        let rows = [0] + (0..<3).flatMap { block in (1...8).map { block * 10 + $0 } }
        for i in rows {
            let h = result.log.marbles[0][i].heading
            #expect(F.arc(h, 60) < 1e-6, "heading at row \(i): \(h)")
        }
    }

    @Test func importsAndroidFolderWithGravityFlippedAndClockwiseYaw() throws {
        let result = try PhoneImport.importLog(paths: [F.path("SensorLogger-Android")], io: .system)
        #expect(result.log.metadataValue("platform") == "android")
        #expect(result.notes.contains { $0.contains("platform android from Metadata.csv") })
        let samples = result.log.marbles[0]
        try #require(samples.count == 30)
        for (i, s) in samples.enumerated() {
            let want = F.tilt(row: i)
            #expect(abs(s.tilt.x - want.x) < 1e-9 && abs(s.tilt.y - want.y) < 1e-9, "tilt at row \(i): \(s.tilt)")
            // Android yaw is the top edge's azimuth, clockwise; it wraps from +π to −π at 180°.
            let tau = min(max(Double(i) * 0.01 - 0.005, 0), 0.26)
            let heading = 170 + 100 * tau
            #expect(F.arc(s.heading, heading) < 1e-6, "heading at row \(i): \(s.heading), want \(heading)")
        }
    }

    @Test func androidMagnetometerHeading() throws {
        let dir = "SensorLogger-Android"
        let result = try PhoneImport.importLog(paths: [F.path(dir, "Gravity.csv"), F.path(dir, "Magnetometer.csv"), F.path(dir, "Metadata.csv")], io: .system)
        for i in [0, 3, 14, 17, 22, 28] {
            #expect(F.arc(result.log.marbles[0][i].heading, 200) < 1e-6, "heading at row \(i)")
        }
    }

    @Test func standardisedIOSRecordingFollowsAndroidConventions() throws {
        let folder = try TempFolder("import", files: [
            "Gravity.csv": "time,seconds_elapsed,z,y,x\n1718030736872695300,0.07,8.492747,0,-4.903325\n",
            "Metadata.csv": "version,device name,recording epoch time,recording time,recording timezone,platform,appVersion,device id,sensors,sampleRateMs,standardisation,platform version\n"
                + "3,iPhone 13,1718030736802,2024-06-10_14-45-36,Europe/London,ios,1.34.0,abc,Gravity,10,true,17.5.1\n",
        ])
        let result = try PhoneImport.importLog(paths: [folder.path], io: .system)
        // Android-convention gravity for a phone face up with its right edge down 30°.
        #expect(abs(result.log.marbles[0][0].tilt.x - 0.5) < 1e-5)
        #expect(result.notes.contains { $0.contains("standardisation is on") })
    }

    @Test func findsColumnsByNameInAnyOrder() throws {
        let folder = try TempFolder("import", files: [
            "Gravity.csv": "y,seconds_elapsed,x,time,z\n0,0.5,4.903325,1718030736872695300,-8.492747\n1.6733,0.51,0,1718030736882695300,-9.6628\n",
        ])
        let samples = try PhoneImport.importLog(paths: [folder.path], io: .system).log.marbles[0]
        try #require(samples.count == 2)
        #expect(abs(samples[0].tilt.x - 0.5) < 1e-5 && abs(samples[0].tilt.y) < 1e-12)
        #expect(abs(samples[1].tilt.x) < 1e-12 && abs(samples[1].tilt.y - 1.6733 / (1.6733 * 1.6733 + 9.6628 * 9.6628).squareRoot()) < 1e-12)
        #expect(abs(samples[1].t - 0.01) < 1e-12)
    }

    @Test func usesTimeInNanosecondsWithoutSecondsElapsed() throws {
        let folder = try TempFolder("import", files: [
            "Gravity.csv": "time,z,y,x\n1718030736872695300,-9.8,0,0\n1718030736882695300,-9.8,0,0\n1718030736902695300,-9.8,0,0\n",
        ])
        let result = try PhoneImport.importLog(paths: [folder.path], io: .system)
        #expect(result.log.marbles[0].map(\.t).enumerated().allSatisfy { abs($1 - [0, 0.01, 0.03][$0]) < 1e-6 })
        #expect(result.log.metadataValue("time_from") == "time (ns)")
        #expect(result.notes.contains { $0.contains("heading 0") })
        #expect(result.log.marbles[0].allSatisfy { $0.heading == 0 })
    }

    @Test func skipsRowsWithNonFiniteValues() throws {
        let folder = try TempFolder("import", files: [
            "Gravity.csv": "time,seconds_elapsed,z,y,x\n1,0.0,-9.8,0,0\n2,0.01,NaN,0,0\n3,0.02,-9.8,0,inf\n4,0.03,-9.8,0,0\n",
        ])
        let result = try PhoneImport.importLog(paths: [folder.path], io: .system)
        #expect(result.log.marbles[0].map(\.t) == [0, 0.03])
        #expect(result.notes.contains { $0.contains("skipped 2 rows of Gravity.csv") && $0.contains("line 3") })
    }

    // MARK: Errors

    @Test func missingPathIsMissing() {
        let path = "/nonexistent/marble-import/Gravity.csv"
        let error = F.error([path])
        #expect(error == .missing(path: path))
        #expect(error?.description == "\(path): no such file or folder")
    }

    @Test func folderWithNothingImportableSaysWhatWasLookedFor() throws {
        let folder = try TempFolder("import", files: [
            "Gyroscope.csv": "time,seconds_elapsed,z,y,x\n1,0.0,0.1,0.2,0.3\n",
            "notes.txt": "not a table at all\n",
        ])
        guard case .nothingImportable(let lookedFor)? = F.error([folder.path]) else {
            Issue.record("expected nothingImportable")
            return
        }
        #expect(lookedFor.contains("Gravity.csv"))
        #expect(lookedFor.contains("time,seconds_elapsed,z,y,x"))
        #expect(lookedFor.contains("\"Time (s)\""))
        #expect(lookedFor.contains("Gyroscope.csv: header row not recognised"))
    }

    @Test func headerWithoutRowsIsNothingImportable() throws {
        let folder = try TempFolder("import", files: ["Gravity.csv": "time,seconds_elapsed,z,y,x\n"])
        guard case .nothingImportable(let lookedFor)? = F.error([folder.path]) else {
            Issue.record("expected nothingImportable")
            return
        }
        #expect(lookedFor.contains("Gravity.csv: Sensor Logger gravity header, but no usable data rows"))
    }

    @Test func noPathsIsNothingImportable() {
        guard case .nothingImportable? = F.error([]) else {
            Issue.record("expected nothingImportable")
            return
        }
    }

    @Test func badNumberNamesItsLine() throws {
        let folder = try TempFolder("import", files: [
            "Gravity.csv": "time,seconds_elapsed,z,y,x\n1,0.0,-9.8,0,0\n2,0.01,-9.8,0,0\n3,0.02,-9.8,0,abc\n",
        ])
        let path = folder.path("Gravity.csv")
        guard case .badData(let where_, let line, let reason)? = F.error([folder.path]) else {
            Issue.record("expected badData")
            return
        }
        #expect(where_ == path && line == 4)
        #expect(reason.contains("x") && reason.contains("'abc' is not a number"))
        #expect(F.error([folder.path])?.description == "\(path):4: \(reason)")
    }

    @Test func wrongFieldCountNamesItsLine() throws {
        let folder = try TempFolder("import", files: [
            "Gravity.csv": "time,seconds_elapsed,z,y,x\n1,0.0,-9.8,0,0\n2,0.01,-9.8,0\n",
        ])
        #expect(F.error([folder.path]) == .badData(path: folder.path("Gravity.csv"), line: 3, reason: "expected 5 fields as in the header row, found 4"))
    }

    @Test func timeGoingBackwardsIsBadData() throws {
        let folder = try TempFolder("import", files: [
            "Gravity.csv": "time,seconds_elapsed,z,y,x\n1,0.0,-9.8,0,0\n2,0.02,-9.8,0,0\n3,0.01,-9.8,0,0\n",
            "Orientation.csv": "time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw\n1,0.0,0,0,0,1,0,0,0\n",
        ])
        guard case .badData(let path, let line, let reason)? = F.error([folder.path]) else {
            Issue.record("expected badData")
            return
        }
        #expect(path.hasSuffix("Gravity.csv") && line == 4 && reason.contains("backwards"))
    }

    @Test func orientationTimeGoingBackwardsIsBadData() throws {
        let folder = try TempFolder("import", files: [
            "Gravity.csv": "time,seconds_elapsed,z,y,x\n1,0.0,-9.8,0,0\n",
            "Orientation.csv": "time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw\n1,0.5,0,0,0,1,0,0,0\n2,0.4,0,0,0,1,0,0,0\n",
        ])
        guard case .badData(let path, let line, _)? = F.error([folder.path]) else {
            Issue.record("expected badData")
            return
        }
        #expect(path.hasSuffix("Orientation.csv") && line == 3)
    }

    // MARK: Round trip

    @Test func importedLogRoundTripsThroughMarbleLogText() throws {
        for dir in ["SensorLogger-iOS", "SensorLogger-Android"] {
            let log = try PhoneImport.importLog(paths: [F.path(dir)], io: .system).log
            let text = log.text()
            #expect(text.hasPrefix(MarbleLog.magicLine + "\n# source: sensor-logger\n"))
            let read = try MarbleLog.parse(Data(text.utf8), path: "\(dir).csv")
            #expect(read.log == log)
            #expect(read.dropped.isEmpty)
        }
    }
}
