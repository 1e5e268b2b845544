import Foundation
import MarbleKit
import MarbleTestSupport
import Testing

/// The outbox's `CODE/entry.json` read back: an entry that the outbox could not have written
/// (a damaged disk, a hand edit, a copied folder) is refused with a note naming it, never
/// followed outside the outbox or into a trap. Fuzzed by `Fuzz/Targets/OutboxEntry.swift`.
@Suite("Class folder: the outbox's entry file")
struct OutboxEntryTests {
    let scratch: TempFolder
    let outbox: Outbox

    init() throws {
        scratch = try TempFolder("outbox")
        outbox = Outbox(storeRoot: scratch.path, environment: Environment(clock: { 1000 }, monotonic: { 1000 }, io: .system))
    }

    /// A hand-in, and its entry as a JSON object to change.
    func handIn() throws -> (HandIn, [String: Any]) {
        let h = try outbox.add(drawing: "20261127-101500-a3f9", title: "Spiral", child: "Ada", folder: "Ada",
                               files: [("png", Array("picture".utf8)), ("csv", Array("t,tilt_x\n".utf8))])
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("outbox/\(h.code)/entry.json")))
        return (h, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    func write(_ entry: [String: Any], for h: HandIn) throws {
        try JSONSerialization.data(withJSONObject: entry).write(to: URL(fileURLWithPath: scratch.path("outbox/\(h.code)/entry.json")))
    }

    /// Refused: not among the hand-ins, and a note names its file.
    func expectRefused(_ h: HandIn, _ why: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (handIns, notes) = outbox.entries()
        #expect(handIns.isEmpty, "\(why)", sourceLocation: sourceLocation)
        #expect(notes.count == 1 && notes[0].contains("outbox/\(h.code)/entry.json"), "\(notes)", sourceLocation: sourceLocation)
        #expect(outbox.handIn(h.code) == nil, sourceLocation: sourceLocation)
    }

    @Test("an entry as written reads back")
    func good() throws {
        let (h, _) = try handIn()
        #expect(outbox.entries().handIns == [h])
        #expect(outbox.entries().notes.isEmpty)
    }

    @Test("a file name that leaves the outbox (the courier would send any file of the machine) is refused")
    func fileOutsideTheOutbox() throws {
        let (h, entry) = try handIn()
        for bad in ["../../../class/password", "/etc/hostname", "..", "", "a\nb.png"] {
            var e = entry
            var files = try #require(e["files"] as? [[String: Any]])
            files[0]["name"] = bad
            e["files"] = files
            try write(e, for: h)
            expectRefused(h, "name \(bad)")
        }
    }

    @Test("a server name or folder that leaves the class folder is refused (it ended every round: no hand-in went)")
    func remoteOutsideTheFolder() throws {
        let (h, entry) = try handIn()
        var e = entry
        var files = try #require(e["files"] as? [[String: Any]])
        files[1]["remote"] = "../x.csv"
        e["files"] = files
        try write(e, for: h)
        expectRefused(h, "remote")
        for bad in ["../Ada", "/Ada", "Ada//x", "Ada/./x"] {
            e = entry
            e["folder"] = bad
            try write(e, for: h)
            expectRefused(h, "folder \(bad)")
        }
    }

    @Test("a code that is not its folder's, a size or try count out of range, is refused")
    func outOfRange() throws {
        let (h, entry) = try handIn()
        let changes: [(String, Any)] = [("code", "K7QX9M"), ("code", "../x"), ("tries", Int.max), ("tries", -1)]
        for (key, value) in changes {
            var e = entry
            e[key] = value
            try write(e, for: h)
            expectRefused(h, "\(key) \(value)")
        }
        var e = entry
        var files = try #require(e["files"] as? [[String: Any]])
        files[0]["size"] = -5
        e["files"] = files
        try write(e, for: h)
        expectRefused(h, "size -5")
    }
}
