import Foundation
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// Paths and helpers for the phyphox import tests.
///
/// The fixtures were generated from known poses, numbers written as phyphox writes them
/// (Java's `0.000000000E0`):
/// - `Accelerometer-Magnetometer/`: the "simple experiment" export, 60 accelerometer rows at
///   20 Hz from 0.012345 s (1 s flat, 1 s right edge down 30°, 1 s top edge down 20°), the
///   magnetometer at 10 Hz from 0.031 s with the top edge at 120°, and `meta/`.
/// - `Acceleration-semicolon-decimal-comma/`: "Acceleration with g", semicolon and decimal
///   comma, irregular timestamps, three flat rows then the right edge down 90° (a step).
/// - `Combined-tab/`: one tab-separated file with two "Time (s)" groups (right edge down 10°,
///   top edge at 300°), the magnetometer group padded with NaN.
/// - `Magnetometer-only/`: the "Magnetometer" experiment alone.
private enum PhyphoxFixture: ImportScratch {
    static let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func path(_ parts: String...) -> String {
        parts.reduce(root.appendingPathComponent("phyphox")) { $0.appendingPathComponent($1) }.path
    }

    static func arc(_ a: Double, _ b: Double) -> Double {
        let d = HeadingColor.normalized(a - b)
        return min(d, 360 - d)
    }

    static func degrees(_ d: Double) -> Double { d * Double.pi / 180 }
}

@Suite struct ImportPhyphoxTests {
    fileprivate typealias F = PhyphoxFixture

    @Test func importsSimpleExperimentFolder() throws {
        let result = try PhoneImport.importLog(paths: [F.path("Accelerometer-Magnetometer")], io: .system)
        #expect(result.source == "phyphox")
        #expect(result.log.metadataValue("source") == "phyphox")
        #expect(result.log.metadataValue("imported_from") == "Accelerometer.csv, Magnetometer.csv")
        #expect(result.log.metadataValue("lowpass") == "exponential, tau 0.1 s")
        // meta/device.csv and meta/time.csv are read (one level down) but not used.
        #expect(result.filesUsed.map { ($0 as NSString).lastPathComponent } == ["Accelerometer.csv", "Magnetometer.csv"])
        let samples = result.log.marbles[0]
        try #require(samples.count == 60)
        for (i, s) in samples.enumerated() {
            #expect(abs(s.t - 0.05 * Double(i)) < 1e-9, "t at row \(i)")
        }
        // Near each pose's end the low-pass has settled to within e^(−8.7) ≈ 2e-4.
        let poses: [(row: Int, x: Double, y: Double)] = [(17, 0, 0), (37, sin(F.degrees(30)), 0), (57, 0, sin(F.degrees(20)))]
        for pose in poses {
            let s = samples[pose.row]
            #expect(abs(s.tilt.x - pose.x) < 1e-3 && abs(s.tilt.y - pose.y) < 1e-3, "tilt at row \(pose.row): \(s.tilt)")
            #expect(F.arc(s.heading, 120) < 0.1, "heading at row \(pose.row): \(s.heading)")
        }
        // The first row starts the filter: no transient from zero.
        #expect(abs(samples[0].tilt.x) < 1e-12 && abs(samples[0].tilt.y) < 1e-12)
    }

    @Test func lowPassStepResponseMatchesClosedFormWithIrregularTimestamps() throws {
        let result = try PhoneImport.importLog(paths: [F.path("Acceleration-semicolon-decimal-comma")], io: .system)
        let jitter = [0.0093, 0.0108, 0.0101, 0.0097, 0.0112, 0.0089]
        var times = [0.0]
        for i in 1..<30 { times.append(times[i - 1] + jitter[(i - 1) % jitter.count]) }
        let samples = result.log.marbles[0]
        try #require(samples.count == 30)
        for (i, s) in samples.enumerated() {
            #expect(abs(s.t - times[i]) < 1e-9, "t at row \(i)")
            #expect(abs(s.tilt.y) < 1e-12)
            if i < 3 {
                #expect(abs(s.tilt.x) < 1e-12)
            } else {
                // Reading steps from (0, 0, g) to (−g, 0, 0) after row 2: the filtered
                // reading is g·(−(1 − e), 0, e) with e = exp(−t/0.1), t since row 2.
                let e = exp(-(times[i] - times[2]) / 0.1)
                let want = (1 - e) / ((1 - e) * (1 - e) + e * e).squareRoot()
                #expect(abs(s.tilt.x - want) < 1e-6, "tilt_x at row \(i): \(s.tilt.x), want \(want)")
            }
        }
        #expect(samples.allSatisfy { $0.heading == 0 })
        #expect(result.log.metadataValue("heading_from") == "none")
        #expect(result.notes.contains { $0.contains("no heading stream") })
        #expect(result.notes.contains { $0.contains("τ = 0.1 s") })
    }

    @Test func lowPassFilterFollowsOneMinusExpAndHoldsWhenNoTimePasses() {
        let filter = LowPassFilter()
        #expect(filter.timeConstant == 0.1)
        let times = [0, 0.013, 0.02, 0.02, 0.051, 0.3]
        let input = [DeviceVector(0, 0, 0)] + Array(repeating: DeviceVector(1, 0, 0), count: 5)
        let out = filter.apply(times: times, values: input)
        for (t, y) in zip(times, out) {
            #expect(abs(y.x - (1 - exp(-t / 0.1))) < 1e-12, "at t = \(t): \(y.x)")
        }
        // dt = 0 (a repeated timestamp) and dt < 0 must not move the output.
        #expect(out[3] == out[2])
        #expect(filter.alpha(dt: 0) == 0 && filter.alpha(dt: -1) == 0 && filter.alpha(dt: .nan) == 0)
    }

    @Test func readsTabSeparatedFileWithTwoTimeGroups() throws {
        let result = try PhoneImport.importLog(paths: [F.path("Combined-tab", "Raw Data.csv")], io: .system)
        #expect(result.log.metadataValue("imported_from") == "Raw Data.csv")
        let samples = result.log.marbles[0]
        // The magnetometer group's NaN padding must not drop accelerometer rows.
        try #require(samples.count == 30)
        for (i, s) in samples.enumerated() {
            #expect(abs(s.t - 0.02 * Double(i)) < 1e-9)
            #expect(abs(s.tilt.x - sin(F.degrees(10))) < 1e-8 && abs(s.tilt.y) < 1e-12, "tilt at row \(i): \(s.tilt)")
            #expect(F.arc(s.heading, 300) < 1e-6, "heading at row \(i): \(s.heading)")
        }
    }

    @Test func acceptsShortNamesAndNumbersLike9Point8E0() throws {
        let folder = try TempFolder("import", files: [
            "Accelerometer.csv": "\"Time (s)\",\"X (m/s^2)\",\"Y (m/s^2)\",\"Z (m/s^2)\"\n"
                + "0.0E0,0.0E0,0.0E0,9.8E0\n1.0E-2,0.0E0,0.0E0,9.8E0\n",
        ])
        let samples = try PhoneImport.importLog(paths: [folder.path], io: .system).log.marbles[0]
        #expect(samples.count == 2)
        #expect(samples.allSatisfy { abs($0.tilt.x) < 1e-12 && abs($0.tilt.y) < 1e-12 })
        #expect(abs(samples[1].t - 0.01) < 1e-12)
    }

    @Test func skipsRowsWithInfinityOrNaN() throws {
        let folder = try TempFolder("import", files: [
            "Raw Data.csv": "\"Time (s)\",\"Acceleration x (m/s^2)\",\"Acceleration y (m/s^2)\",\"Acceleration z (m/s^2)\"\n"
                + "0.000000000E0,0.000000000E0,0.000000000E0,9.806650000E0\n"
                + "1.000000000E-2,∞,0.000000000E0,9.806650000E0\n"
                + "2.000000000E-2,NaN,0.000000000E0,9.806650000E0\n"
                + "3.000000000E-2,0.000000000E0,0.000000000E0,9.806650000E0\n",
        ])
        let result = try PhoneImport.importLog(paths: [folder.path], io: .system)
        #expect(result.log.marbles[0].map(\.t) == [0, 0.03])
        #expect(result.notes.contains { $0.contains("skipped 2 rows of Raw Data.csv") && $0.contains("line 3") })
    }

    // MARK: Nothing importable

    @Test func magnetometerAloneIsNothingImportable() {
        guard case .nothingImportable(let lookedFor)? = F.error([F.path("Magnetometer-only")]) else {
            Issue.record("expected nothingImportable")
            return
        }
        #expect(lookedFor.contains("Raw Data.csv: phyphox magnetometer only"))
        #expect(lookedFor.contains("\"Acceleration x (m/s^2)\""))
    }

    @Test func linearAccelerationIsRefused() throws {
        let folder = try TempFolder("import", files: [
            "linearAccelerometer.csv": "\"Time (s)\",\"X (m/s^2)\",\"Y (m/s^2)\",\"Z (m/s^2)\"\n0.0E0,1.0E-1,0.0E0,0.0E0\n",
            "Linear Acceleration.csv": "\"Time (s)\",\"Linear Acceleration x (m/s^2)\",\"Linear Acceleration y (m/s^2)\",\"Linear Acceleration z (m/s^2)\"\n0.0E0,1.0E-1,0.0E0,0.0E0\n",
        ])
        guard case .nothingImportable(let lookedFor)? = F.error([folder.path]) else {
            Issue.record("expected nothingImportable")
            return
        }
        #expect(lookedFor.contains("linearAccelerometer.csv: phyphox linear acceleration has no gravity"))
        #expect(lookedFor.contains("Linear Acceleration.csv: phyphox"))
    }

    // MARK: Bad data

    @Test func badNumberInDecimalCommaFileNamesItsLine() throws {
        let folder = try TempFolder("import", files: [
            "Raw Data.csv": "\"Time (s)\";\"Acceleration x (m/s^2)\";\"Acceleration y (m/s^2)\";\"Acceleration z (m/s^2)\"\n"
                + "0,000000000E0;0,000000000E0;0,000000000E0;9,806650000E0\n"
                + "1,000000000E-2;0,0x0E0;0,000000000E0;9,806650000E0\n",
        ])
        #expect(F.error([folder.path]) == .badData(path: folder.path("Raw Data.csv"), line: 3,
                                              reason: "Acceleration x (m/s^2): '0,0x0E0' is not a number"))
    }

    @Test func wrongFieldCountNamesItsLine() throws {
        let folder = try TempFolder("import", files: [
            "Accelerometer.csv": "\"Time (s)\",\"X (m/s^2)\",\"Y (m/s^2)\",\"Z (m/s^2)\"\n\n"
                + "0.0E0,0.0E0,0.0E0,9.8E0\n1.0E-2,0.0E0,9.8E0\n",
        ])
        #expect(F.error([folder.path]) == .badData(path: folder.path("Accelerometer.csv"), line: 4,
                                              reason: "expected 4 fields as in the header row, found 3"))
    }

    @Test func timeGoingBackwardsIsBadData() throws {
        let folder = try TempFolder("import", files: [
            "Accelerometer.csv": "\"Time (s)\",\"X (m/s^2)\",\"Y (m/s^2)\",\"Z (m/s^2)\"\n"
                + "2.0E-2,0.0E0,0.0E0,9.8E0\n1.0E-2,0.0E0,0.0E0,9.8E0\n",
        ])
        guard case .badData(let path, let line, let reason)? = F.error([folder.path]) else {
            Issue.record("expected badData")
            return
        }
        #expect(path.hasSuffix("Accelerometer.csv") && line == 3 && reason.contains("Time (s) is 0.01 after 0.02"))
    }

    // MARK: Round trip

    @Test func importedLogRoundTripsThroughMarbleLogText() throws {
        for dir in ["Accelerometer-Magnetometer", "Acceleration-semicolon-decimal-comma", "Combined-tab"] {
            let log = try PhoneImport.importLog(paths: [F.path(dir)], io: .system).log
            let read = try MarbleLog.parse(Data(log.text().utf8), path: "\(dir).csv")
            #expect(read.log == log)
            #expect(read.log.metadataValue("source") == "phyphox")
        }
    }
}
