import Foundation
import MarbleTestSupport
import Testing

/// The teacher's pull over class folders holding what a classmate or a broken server leaves:
/// every good drawing arrives, every bad entry is named with why, nothing stops the pull.
@Suite("marble class pull: one bad entry never stops a pull")
struct ClassPullTrustTests {
    /// A name that would clear the screen and rename the terminal if printed as it is.
    static let evilName = "evil\u{1B}]0;owned\u{07}\u{1B}[2J-ACDEFG.png"

    /// Hands in Ada's and Ben's drawings from a pupil machine to `url`; the class folder on disk.
    static func handIns(_ url: String, disk: String, apache: Bool) throws {
        let pupil = try ClassMachine("pupil")
        if apache {
            #expect(try pupil.setClass(url, names: "Ada, Ben").status == 0)
        } else {
            #expect(try pupil.run(["class", "set", url, "--names", "Ada, Ben"]).status == 0)
        }
        for (log, child) in [("Replays/spiral.csv", "Ada"), ("Replays/figure-eight.csv", "Ben")] {
            let id = try pupil.draw(log)
            let out = try pupil.run(["class", "hand-in", id, "--name", child])
            #expect(out.status == 0, "\(out.stderr)")
        }
        #expect(filesUnder(disk).filter { $0.hasSuffix(".png") }.count == 2, "\(filesUnder(disk))")
    }

    /// Puts every bad entry a pull meets beside the good hand-ins (Ada's picture copied under
    /// bad names); the names a pull must skip.
    static func plantBadEntries(_ disk: String) throws -> [String] {
        let fm = FileManager.default
        let good = try #require(filesUnder(disk).first { $0.hasPrefix("Ada/") && $0.hasSuffix(".png") })
        let bytes = try Data(contentsOf: URL(fileURLWithPath: disk + "/" + good))
        // 1. A name with control characters: the picture itself is a good drawing.
        try bytes.write(to: URL(fileURLWithPath: disk + "/Ada/" + evilName))
        // 2. A file over the pull's 64 MB limit (sparse: no disk used).
        let huge = disk + "/Ada/huge-HJKMNP.png"
        #expect(fm.createFile(atPath: huge, contents: bytes))
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try h.truncate(atOffset: 65 << 20)
        try h.close()
        // 3. Not drawings: a picture without one, a text file, in a child's folder of their own.
        try fm.createDirectory(atPath: disk + "/Cleo", withIntermediateDirectories: true)
        try fm.copyItem(atPath: Repository.root.appendingPathComponent("Pages/fish.png").path, toPath: disk + "/Cleo/fish.png")
        try Data("bring crayons".utf8).write(to: URL(fileURLWithPath: disk + "/Cleo/notes.txt"))
        // Every folder and file readable by Apache's own user.
        for f in [disk + "/Cleo", disk + "/Cleo/fish.png", disk + "/Cleo/notes.txt", huge, disk + "/Ada/" + evilName] {
            try fm.setAttributes([.posixPermissions: f.hasSuffix("Cleo") ? 0o777 : 0o666], ofItemAtPath: f)
        }
        return ["Ada/evil\\u{1B}]0;owned\\u{7}\\u{1B}[2J-ACDEFG.png", "Ada/huge-HJKMNP.png", "Cleo/fish.png", "Cleo/notes.txt"]
    }

    /// Checks a pull's output: every good drawing (`good`) arrived, every bad one named.
    static func expectPulled(_ pull: MarbleProcess.Output, good: Int, skipped: [String]) {
        #expect(pull.status == 0, "\(pull.stderr)")
        #expect(pull.stdout.contains("Pulled \(good) new, 0 already here, \(skipped.count) skipped"), "\(pull.stdout)\n\(pull.stderr)")
        for s in skipped { #expect(pull.stderr.contains("skipped " + s + ":"), "\(s) not named in: \(pull.stderr)") }
        #expect(pull.stderr.contains("Ada/huge-HJKMNP.png: the file is larger than"), "\(pull.stderr)")
        // Nothing a terminal would act on is printed.
        for out in [pull.stdout, pull.stderr] {
            #expect(!out.unicodeScalars.contains { ($0.value < 32 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func aPlainFolderWithBadEntriesAndLinksPullsEveryGoodDrawing() throws {
        let share = try TempFolder("share")
        let disk = share.path("class")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try Self.handIns(disk, disk: disk, apache: false)
        var skipped = try Self.plantBadEntries(disk)
        // A folder that is a link to a child's, and one out of the share.
        let outside = try TempFolder("outside")
        try FileManager.default.copyItem(atPath: disk + "/" + filesUnder(disk).first { $0.hasPrefix("Ben/") && $0.hasSuffix(".png") }!,
                                         toPath: outside.path("20261127-101500-a3f9-KMNPQR.png"))
        try FileManager.default.createSymbolicLink(atPath: disk + "/Dan", withDestinationPath: "Ada")
        try FileManager.default.createSymbolicLink(atPath: disk + "/Eve", withDestinationPath: outside.path)
        skipped += ["Dan", "Eve"]

        let teacher = try ClassMachine("teacher")
        #expect(try teacher.run(["class", "set", disk]).status == 0)
        let gallery = teacher.folder.path("gallery")
        let pull = try teacher.run(["class", "pull", "--into", gallery])
        Self.expectPulled(pull, good: 2, skipped: skipped)
        #expect(pull.stderr.contains("skipped Dan: is a link"), "\(pull.stderr)")
        // A second pull brings nothing twice and names the same entries again.
        let again = try teacher.run(["class", "pull", "--into", gallery])
        #expect(again.stdout.contains("Pulled 0 new, 2 already here, \(skipped.count) skipped"), "\(again.stdout)")
    }

    @Test func anApacheClassFolderWithBadEntriesAndARefusedFilePullsEveryGoodDrawing() throws {
        let server = try webDAVServer()
        let (url, disk) = try classFolder(server)
        try Self.handIns(url, disk: disk, apache: true)
        var skipped = try Self.plantBadEntries(disk)
        // A file Apache's own user may not read: 403 (root would read through mode 000).
        let ben = try #require(filesUnder(disk).first { $0.hasPrefix("Ben/") && $0.hasSuffix(".png") })
        let locked = disk + "/Ben/locked-KMNPQR.png"
        try FileManager.default.copyItem(atPath: disk + "/" + ben, toPath: locked)
        try FileManager.default.setAttributes([.posixPermissions: 0o000, .ownerAccountID: 0], ofItemAtPath: locked)
        skipped.append("Ben/locked-KMNPQR.png")

        let teacher = try ClassMachine("teacher")
        #expect(try teacher.setClass(url).status == 0)
        let pull = try teacher.run(["class", "pull", "--into", teacher.folder.path("gallery")])
        Self.expectPulled(pull, good: 2, skipped: skipped)
        #expect(pull.stderr.contains("Ben/locked-KMNPQR.png") && pull.stderr.contains("403"), "\(pull.stderr)")
        let report = try teacher.run(["class", "report", "--store", teacher.folder.path("gallery"), "--json"])
        let children = (report.json?["children"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(children == ["Ada", "Ben"], "\(report.stdout)")
    }

    @Test func aHugePictureWithADrawingIsRefusedBeforeItIsDecodedAndThePullStaysSmall() throws {
        let share = try TempFolder("share")
        let disk = share.path("class")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try Self.handIns(disk, disk: disk, apache: false)
        let good = try #require(filesUnder(disk).first { $0.hasPrefix("Ada/") && $0.hasSuffix(".png") })
        let bomb = "Ada/20261127-101500-a3f9-HJKMNP.png"
        try Self.python(Self.makeHugePNG, [disk + "/" + good, disk + "/" + bomb])
        let size = try FileManager.default.attributesOfItem(atPath: disk + "/" + bomb)[.size] as? Int ?? 0
        #expect(size < 2 << 20, "the 10000×10000 PNG is \(size) bytes")

        let teacher = try ClassMachine("teacher")
        #expect(try teacher.run(["class", "set", disk]).status == 0)
        let (pull, peakKiB) = try Self.measured(teacher, ["class", "pull", "--into", teacher.folder.path("gallery")])
        #expect(pull.status == 0, "\(pull.stderr)")
        #expect(pull.stdout.contains("Pulled 2 new, 0 already here, 1 skipped"), "\(pull.stdout)\n\(pull.stderr)")
        #expect(pull.stderr.contains(bomb) && pull.stderr.contains("10000×10000"), "\(pull.stderr)")
        #expect(peakKiB > 0 && peakKiB < 200 * 1024, "marble class pull peaked at \(peakKiB / 1024) MB resident")
        print("marble class pull of a 10000×10000 PNG: \(peakKiB / 1024) MB peak resident")
    }

    /// Writes argv[2]: a 10000×10000 RGBA PNG of zero rows (about 400 KB, 400 MB decoded)
    /// carrying the drawing chunk (`mrBL`) of the picture argv[1].
    static let makeHugePNG = #"""
import struct, sys, zlib
src = open(sys.argv[1], "rb").read()
at, drawing = 8, None
while at + 8 <= len(src):
    n, kind = struct.unpack(">I4s", src[at:at + 8])
    if kind == b"mrBL": drawing = src[at:at + 12 + n]
    at += 12 + n
assert drawing, "no drawing chunk"
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
w = h = 10000
out = open(sys.argv[2], "wb")
out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)))
z = zlib.compressobj(9)
row = bytes(1 + 4 * w)
for _ in range(h):
    data = z.compress(row)
    if data: out.write(chunk(b"IDAT", data))
out.write(chunk(b"IDAT", z.flush()) + drawing + chunk(b"IEND", b""))
"""#

    static func python(_ script: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script] + args
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
    }

    /// Runs `marble args…` on `machine` under a Python parent that reports the child's peak
    /// resident size (ru_maxrss, KiB) on its last stderr line.
    static func measured(_ machine: ClassMachine, _ args: [String]) throws -> (MarbleProcess.Output, Int) {
        let script = "import resource, subprocess, sys\n"
            + "r = subprocess.run(sys.argv[1:])\n"
            + "sys.stderr.write('\\nmaxrss %d\\n' % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
            + "sys.exit(r.returncode)\n"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, MarbleProcess.binary.path] + args
        p.currentDirectoryURL = Repository.root
        var env = ProcessInfo.processInfo.environment
        for (k, v) in ["MARBLE_HOME": machine.store, "HOME": machine.folder.path("home"),
                       "XDG_PICTURES_DIR": machine.folder.path("pictures"), "XDG_CONFIG_HOME": machine.folder.path("config")] { env[k] = v }
        env["XDG_DATA_HOME"] = nil
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        var stderr = String(decoding: e, as: UTF8.self)
        var peak = 0
        if let line = stderr.split(separator: "\n").last, line.hasPrefix("maxrss ") {
            peak = Int(line.dropFirst(7)) ?? 0
            stderr = String(stderr[..<(stderr.range(of: "\nmaxrss ", options: .backwards)?.lowerBound ?? stderr.endIndex)])
        }
        return (MarbleProcess.Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: stderr), peak)
    }
}
