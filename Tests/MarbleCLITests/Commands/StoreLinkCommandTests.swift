import Foundation
import MarbleTestSupport
import Testing

/// A symbolic link in the store, from the command line: refused with the path named, exit 65,
/// and the file it points to untouched.
@Suite("marble and links in the store")
struct StoreLinkCommandTests {
    @Test func aLinkedJournalIsRefusedAndItsTargetUntouched() throws {
        let dir = try TempFolder("cli-links")
        let store = dir.path("store")
        let made = try MarbleProcess.run(["replay", "Replays/spiral.csv", "--new", "--json", "--store", store])
        #expect(made.status == 0, "\(made.stderr)")
        let id = try #require(made.json?["id"] as? String)
        let journal = store + "/drawings/\(id)/journal"
        let outside = dir.path("not-a-drawing.txt")
        try Data("a file that is not the store's\n".utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.removeItem(atPath: journal)
        try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: outside)

        for args in [["info", id], ["undo", id], ["replay", "Replays/scribble.csv", "--continue", id]] {
            let out = try MarbleProcess.run(args + ["--store", store])
            #expect(out.status == 65, "\(args): \(out.status) \(out.stderr)")
            #expect(out.stderr.contains(journal) && out.stderr.contains("symbolic link"), "\(args): \(out.stderr)")
        }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "a file that is not the store's\n")
    }
}
