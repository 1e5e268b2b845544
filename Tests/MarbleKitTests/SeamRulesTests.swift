import Foundation
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// One seam: the system's disk is taken in one place (the program's live environment) and
/// handed to every reader and writer; the C library is picked in one place (the POSIX shim).
@Suite("Seam rules")
struct SeamRulesTests {
    static let sources = Repository.root.appendingPathComponent("Sources").path

    /// Every Swift file under `Sources/`, relative to it (`MarbleKit/Store/Files.swift`), with its lines.
    static func swiftFiles() -> [(path: String, lines: [Substring])] {
        (FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }
            .sorted()
            .compactMap { name in
                (try? String(contentsOfFile: sources + "/" + name, encoding: .utf8)).map { (name, $0.split(separator: "\n", omittingEmptySubsequences: false)) }
            }
    }

    /// The live environment: the one file that takes the system's disk.
    static let live = "marble/Options/Environment+Live.swift"
    /// Where the system's disk and environment are defined (`FileIO.system`, `Environment.system`,
    /// which tools and tests ask for by name); nothing in Sources but the live file uses them.
    static let definitions: Set<String> = ["MarbleKit/Store/FileIO.swift", "MarbleKit/Environment/Environment.swift"]
    /// Files still allowed the system's disk: none.
    static let pending: Set<String> = []

    /// `.system` as the seam (`io: .system`, `FileIO.system`, `Environment.system`,
    /// `environment: .system`), not the error case `IOFailure.system(errno)` nor `systemClock`.
    static var systemSeam: Regex<AnyRegexOutput> { try! Regex(#"\.system\b(?!\s*\()"#) }

    @Test("no .system seam use in Sources outside the live environment")
    func oneSeam() {
        var found: [String] = []
        for file in Self.swiftFiles() where file.path != Self.live && !Self.definitions.contains(file.path) && !Self.pending.contains(file.path) {
            for (k, line) in file.lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                && line.contains(Self.systemSeam) {
                found.append("Sources/\(file.path):\(k + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "hand the environment's io in instead:\n\(found.joined(separator: "\n"))")
        let live = Self.swiftFiles().first { $0.path == Self.live }
        #expect(live?.lines.contains { $0.contains(Self.systemSeam) } == true, "the live environment takes the system's disk")
    }

    @Test("only the POSIX shim picks a C library (imports Glibc, Musl or Darwin)")
    func oneCLibrary() {
        let picks = try! Regex(#"^\s*(@_?\w+\s+)*import\s+(Glibc|Musl|Darwin)\b|canImport\((Glibc|Musl|Darwin)\)"#)
        var found: [String] = []
        for file in Self.swiftFiles() where !file.path.hasPrefix("MarbleKit/Support/POSIX/") {
            for (k, line) in file.lines.enumerated() where line.contains(picks) {
                found.append("Sources/\(file.path):\(k + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "use the POSIX shim (MarbleKit/Support/POSIX) instead:\n\(found.joined(separator: "\n"))")
    }

    @Test("the rules catch what they forbid", arguments: [
        ("try Files.read(path, io: .system)", true), ("let io = FileIO.system", true), ("environment: .system)", true),
        ("var e = Environment.system", true), ("throw .io(path: p, failure: .system(.noSpace))", false),
        ("Environment.systemClock", false), ("case .system(let errno):", false),
    ])
    func ruleCatches(line: String, caught: Bool) {
        #expect(line.contains(Self.systemSeam) == caught, "\(line)")
    }

    // MARK: - Each reader reads through the disk it is handed

    @Test("a marble log is read through the io handed in, and a failing disk is named at line 0")
    func logThroughTheSeam() throws {
        let path = Repository.replay("figure-eight.csv")
        #expect(try MarbleLog.read(contentsOf: path, io: .system).log.marbles[0].count > 0)
        do throws(LogIssue) {
            _ = try MarbleLog.read(contentsOf: path, io: .failing(.ioFailed))
            Issue.record("read through a failing disk")
        } catch {
            #expect(error.path == path && error.line == 0 && error.reason.contains("cannot read the file"), "\(error)")
        }
        #expect(throws: LogIssue.self) { try LogRowStream(contentsOf: path, io: .failing(.ioFailed)) }
    }

    @Test("a phone export is read through the io handed in")
    func importThroughTheSeam() throws {
        let folder = try TempFolder("seam-import", files: ["Gravity.csv": "time,seconds_elapsed,z,y,x\n1,0,9.8,0,0\n"])
        do throws(ImportError) {
            _ = try PhoneImport.importLog(paths: [folder.path("Gravity.csv")], io: .failing(.ioFailed))
            Issue.record("imported through a failing disk")
        } catch {
            #expect(error.description.contains("Gravity.csv") && error.description.contains("not readable"), "\(error)")
        }
    }

    @Test("a pad's hidraw entries are read through the io handed in")
    func padsThroughTheSeam() throws {
        let root = try TempFolder("seam-hidraw")
        try FileManager.default.createDirectory(atPath: root.path("sys/hidraw3/device"), withIntermediateDirectories: true)
        try root.write("DRIVER=hid\nHID_ID=0005:0000054C:000005C4\n", to: "sys/hidraw3/device/uevent")
        let ds4 = try #require(MotionPads.model(vendor: 0x054C, product: 0x05C4))
        #expect(MotionPads.diagnose(ds4, sysRoot: root.path("sys"), devRoot: root.path("dev"), io: .system).node == root.path("dev/hidraw3"))
        #expect(MotionPads.diagnose(ds4, sysRoot: root.path("sys"), devRoot: root.path("dev"), io: .failing(.ioFailed)).node == nil,
                "an entry that cannot be read names no node")
    }
}
