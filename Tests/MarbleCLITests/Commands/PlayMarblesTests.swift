import Foundation
import MarbleTestSupport
import Testing

/// `marble play --marbles N`: a count out of 1…4 is named with the range, before any window opens.
@Suite("marble play --marbles")
struct PlayMarblesTests {
    @Test("Out of range is refused with exit 64 before any window opens",
          arguments: [("0", "from 1 to 4, not 0"), ("5", "from 1 to 4, not 5")])
    func refused(_ count: String, _ words: String) throws {
        let out = try MarbleProcess.run(["play", "--new", "--marbles", count])
        #expect(out.status == 64, "\(out.stderr)")
        #expect(out.stderr.contains(words), "\(out.stderr)")
    }
}

/// A drawing of four marbles on the command line: `replay --json`, `info --json` and the
/// gallery's `drawings --json` list every child.
@Suite("marble: four players")
struct FourPlayersCommandTests {
    @Test("The shipped four-marble log: replay, info and drawings list four marbles, each with their movement")
    func fourPlayers() throws {
        let dir = try TempFolder("cli-four")
        let log = Repository.replay("four-marbles.csv")
        let replayed = try MarbleProcess.run(["replay", log, "--json"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let players = try #require(replayed.json?["marbles"] as? [[String: Any]])
        #expect(players.count == 4 && players.allSatisfy { $0["final_position"] != nil && $0["movement"] != nil })
        let stored = try MarbleProcess.run(["replay", log, "--new", "--store", dir.path("store"), "--json"])
        #expect(stored.status == 0, "\(stored.stderr)")
        let id = try #require(stored.json?["id"] as? String)
        let info = try MarbleProcess.run(["info", id, "--store", dir.path("store"), "--json"])
        #expect(info.status == 0, "\(info.stderr)")
        let infoPlayers = try #require(info.json?["marbles"] as? [[String: Any]])
        #expect(infoPlayers.count == 4)
        // The same figures the replay counted, child by child.
        func seconds(_ p: [String: Any]) -> Double? { (p["movement"] as? [String: Any])?["active_s"] as? Double }
        #expect(infoPlayers.map(seconds) == players.map(seconds))
        let listed = try MarbleProcess.run(["drawings", "--store", dir.path("store"), "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let listedMarbles = try #require(entries.first?["marbles"] as? [[String: Any]])
        #expect(listedMarbles.map(seconds) == players.map(seconds), "\(listed.stdout)")
    }

    @Test("One marble: replay, info and drawings each hold `marbles` with one entry, and no marble's values at the top")
    func oneMarbleListsOne() throws {
        let dir = try TempFolder("cli-one")
        let log = Repository.replay("spiral.csv")
        let replayed = try MarbleProcess.run(["replay", log, "--new", "--store", dir.path("store"), "--json"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let json = try #require(replayed.json)
        let id = try #require(json["id"] as? String)
        let info = try #require(try MarbleProcess.run(["info", id, "--store", dir.path("store"), "--json"]).json)
        let listed = try MarbleProcess.run(["drawings", "--store", dir.path("store"), "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        for (what, object) in [("replay", json), ("info", info), ("drawings", try #require(entries.first))] {
            let marbles = try #require(object["marbles"] as? [[String: Any]], "\(what)")
            #expect(marbles.count == 1, "\(what)")
            #expect(marbles.first?["movement"] is [String: Any], "\(what)")
            for key in ["movement", "players", "final_position", "start_position"] { #expect(object[key] == nil, "\(what): \(key)") }
        }
    }
}
