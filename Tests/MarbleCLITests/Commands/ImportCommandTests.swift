import Foundation
import MarbleKit
import MarbleTestSupport
import Testing

/// `marble import` end to end: phone exports in, a marble log out, and that log replays.
@Suite("marble import")
struct ImportCommandTests {
    static let fixtures = "Tests/MarbleKitTests/Fixtures"

    @Test("an exported folder becomes a log that replays", arguments: ["SensorLogger-iOS", "SensorLogger-Android"])
    func folderImportsAndReplays(_ folder: String) throws {
        let dir = try TempFolder("cli")
        let out = dir.path("walk.csv")
        let imported = try MarbleProcess.run(["import", "\(Self.fixtures)/\(folder)", "-o", out])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Wrote \(out)"))
        let log = try MarbleLog.read(contentsOf: out, io: .system).log
        #expect(log.marbles[0].count >= 10)
        #expect(log.metadataValue("source") == "sensor-logger")
        let replay = try MarbleProcess.run(["replay", out, "--json"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.json?["samples"] as? Int == log.marbles[0].count)
    }

    @Test func phyphoxFilesImport() throws {
        let root = Repository.root.appendingPathComponent(Self.fixtures).appendingPathComponent("phyphox")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        let dir = try TempFolder("cli")
        var imported = 0
        for folder in folders {
            let out = dir.path("\(folder).csv")
            let r = try MarbleProcess.run(["import", root.appendingPathComponent(folder).path, "-o", out])
            if r.status == 0 {
                imported += 1
                #expect(try MarbleLog.read(contentsOf: out, io: .system).log.metadataValue("source") == "phyphox")
            } else {
                #expect(r.status == 65, "\(folder): \(r.stderr)")
            }
        }
        #expect(imported >= 2)
    }

    @Test func folderWithNothingImportableExits65() throws {
        let dir = try TempFolder("cli")
        try dir.write("hello\n", to: "notes.txt")
        let r = try MarbleProcess.run(["import", dir.path, "-o", dir.path("x.csv")])
        #expect(r.status == 65)
        #expect(r.stderr.contains("Gravity.csv") && r.stderr.contains("Time (s)"), "says what it looked for: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.csv")))
    }

    @Test func missingPathExits66() throws {
        let r = try MarbleProcess.run(["import", "/no/such/export", "-o", "/tmp/never.csv"])
        #expect(r.status == 66)
        #expect(r.stderr.contains("/no/such/export"))
    }

    @Test func unwritableOutputExits73() throws {
        let r = try MarbleProcess.run(["import", "\(Self.fixtures)/SensorLogger-iOS", "-o", "/no/such/folder/x.csv"])
        #expect(r.status == 73, "\(r.stderr)")
    }

    @Test func outputIsRequired() throws {
        let r = try MarbleProcess.run(["import", "\(Self.fixtures)/SensorLogger-iOS"])
        #expect(r.status == 64)
    }
}
