import Foundation
import MarbleTestSupport
import Testing

/// The teacher's pull and report, from a real Apache mod_dav class folder.
@Suite("marble class pull and report")
struct ClassPullCommandTests {
    @Test func pullBringsWhatIsNewSkipsWhatIsNotADrawingAndReportNamesEveryChild() throws {
        let server = try webDAVServer()
        let (url, disk) = try classFolder(server)
        let pupil = try ClassMachine("pupil")
        #expect(try pupil.setClass(url, names: "Ada, Ben, Cleo").status == 0)
        for (log, child) in [("Replays/spiral.csv", "Ada"), ("Replays/figure-eight.csv", "Ben"), ("Replays/scribble.csv", "Ada")] {
            let id = try pupil.draw(log)
            #expect(try pupil.run(["class", "hand-in", id, "--name", child]).status == 0)
        }
        // Someone put a holiday photo and a broken file in the class folder.
        try FileManager.default.createDirectory(atPath: disk + "/Cleo", withIntermediateDirectories: true)
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: disk + "/Cleo/broken.png"))
        try FileManager.default.copyItem(atPath: Repository.root.appendingPathComponent("Pages/fish.png").path, toPath: disk + "/Ben/fish.png")

        let teacher = try ClassMachine("teacher")
        #expect(try teacher.setClass(url).status == 0)
        let gallery = teacher.folder.path("class3")
        let pull = try teacher.run(["class", "pull", "--into", gallery])
        #expect(pull.status == 0, "\(pull.stderr)")
        #expect(pull.stdout.contains("Pulled 3 new, 0 already here, 2 skipped"), "\(pull.stdout)")
        #expect(pull.stderr.contains("Cleo/broken.png") && pull.stderr.contains("Ben/fish.png"), "\(pull.stderr)")

        let again = try teacher.run(["class", "pull", "--into", gallery])
        #expect(again.stdout.contains("Pulled 0 new, 3 already here"), "\(again.stdout)")

        let report = try teacher.run(["class", "report", "--store", gallery, "--json"])
        #expect(report.status == 0, "\(report.stderr)")
        let json = try #require(report.json)
        let children = try #require(json["children"] as? [[String: Any]])
        #expect(children.compactMap { $0["name"] as? String } == ["Ada", "Ben"])
        let ada = try #require(children.first)
        #expect((ada["drawings"] as? [[String: Any]])?.count == 2)
        #expect((ada["seconds_moving"] as? Double ?? 0) > 1)
        let text = try teacher.run(["class", "report", "--store", gallery])
        #expect(text.stdout.contains("Ada: 2 drawings") && text.stdout.contains("Ben: 1 drawing"), "\(text.stdout)")
    }
}
