import Foundation
import MarbleTestSupport
import Testing

/// Handing in to a real Apache mod_dav class folder from the command line, and fetching back.
@Suite("marble class hand-in")
struct ClassHandInCommandTests {
    @Test func twoChildrenHandInAndACodeOpensTheDrawingElsewhere() throws {
        let server = try webDAVServer()
        let (url, disk) = try classFolder(server)
        let machine = try ClassMachine("hand-in")
        let set = try machine.setClass(url, names: "Ada, Ben")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(!set.stdout.contains(WebDAVTestServer.password) && !set.stderr.contains(WebDAVTestServer.password))
        let pwMode = try FileManager.default.attributesOfItem(atPath: machine.store + "/class/password")[.posixPermissions] as? Int
        #expect(pwMode == 0o600)

        let spiral = try machine.draw("Replays/spiral.csv")
        let eight = try machine.draw("Replays/figure-eight.csv")
        let ada = try machine.run(["class", "hand-in", spiral, "--name", "ada"])
        #expect(ada.status == 0, "\(ada.stderr)")
        let ben = try machine.run(["class", "hand-in", eight, "--name", "Ben"])
        #expect(ben.status == 0, "\(ben.stderr)")

        let status = try machine.status()
        #expect(status.count == 2)
        #expect(status.allSatisfy { $0["state"] as? String == "sent" && $0["error"] is NSNull && $0["tries"] as? Int == 1 })
        let codes = status.compactMap { $0["code"] as? String }
        #expect(codes.count == 2 && codes.allSatisfy { $0.count == 6 })
        let files = filesUnder(disk)
        #expect(files == ["Ada/\(spiral)-\(codes[0]).csv", "Ada/\(spiral)-\(codes[0]).png",
                          "Ben/\(eight)-\(codes[1]).csv", "Ben/\(eight)-\(codes[1]).png"], "\(files)")
        // The log that arrived is the drawing's own input, whole.
        let log = try String(contentsOfFile: disk + "/Ada/\(spiral)-\(codes[0]).csv", encoding: .utf8)
        #expect(log.hasPrefix("# marble-log 1"))

        // Another machine of the class opens each drawing by its code, to the same pixels.
        let other = try ClassMachine("other")
        #expect(try other.setClass(url).status == 0)
        for (code, id) in zip(codes, [spiral, eight]) {
            let opened = try other.run(["open", code.lowercased(), "--json"])
            #expect(opened.status == 0, "\(opened.stderr)")
            let newID = try #require(opened.json?["id"] as? String)
            #expect(try other.canvasHash(newID) == machine.canvasHash(id))
        }
        let missing = try other.run(["open", "K7QX3M"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("K7QX3M") && missing.stderr.contains("no handed-in drawing"), "\(missing.stderr)")
    }

    @Test func aNameNotOnTheListIsRefusedAndNothingIsHandedIn() throws {
        let server = try webDAVServer()
        let (url, disk) = try classFolder(server)
        let machine = try ClassMachine("names")
        #expect(try machine.setClass(url, names: "Ada, Ben").status == 0)
        let id = try machine.draw()
        for args in [["class", "hand-in", id], ["class", "hand-in", id, "--name", "Zed"]] {
            let out = try machine.run(args)
            #expect(out.status == 64, "\(out.stderr)")
            #expect(out.stderr.contains("Ada, Ben"), "\(out.stderr)")
        }
        #expect(try machine.status().isEmpty)
        #expect(filesUnder(disk).isEmpty)
    }

    @Test func setSaysPlainlyWhyAFolderCannotBeUsed() throws {
        let server = try webDAVServer()
        let machine = try ClassMachine("set")
        let cases: [(String, String, Int32, String)] = [
            (server.url("plain/"), WebDAVTestServer.password, 69, "not a WebDAV folder"),
            (server.url("class/no-such-folder-\(UUID().uuidString)/"), WebDAVTestServer.password, 69, "no such folder"),
            (server.url("class/"), "wrong", 69, "password is wrong"),
            ("ftp://example/x", WebDAVTestServer.password, 64, "https://"),
        ]
        for (url, pw, code, words) in cases {
            let out = try machine.setClass(url, password: pw)
            #expect(out.status == code, "\(url): \(out.status) \(out.stderr)")
            #expect(out.stderr.contains(words), "\(url): \(out.stderr)")
            #expect(!out.stderr.contains(WebDAVTestServer.password) && !out.stdout.contains(WebDAVTestServer.password))
        }
        // None of them was kept.
        #expect(!FileManager.default.fileExists(atPath: machine.store + "/class/setup.json"))
    }

    @Test func aPlainFolderTakesHandInsAndGivesThemBack() throws {
        let machine = try ClassMachine("plain")
        let share = machine.folder.path("share")
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        #expect(try machine.run(["class", "set", share]).status == 0)
        let id = try machine.draw()
        let out = try machine.run(["class", "hand-in", id])
        #expect(out.status == 0, "\(out.stderr)")
        let files = filesUnder(share)
        #expect(files.count == 2 && files.allSatisfy { $0.hasPrefix(id + "-") && !$0.contains("/") }, "\(files)")
        let pull = try machine.run(["class", "pull", "--into", machine.folder.path("gallery")])
        #expect(pull.status == 0, "\(pull.stderr)")
        #expect(pull.stdout.contains("Pulled 1 new"), "\(pull.stdout)")
    }
}
