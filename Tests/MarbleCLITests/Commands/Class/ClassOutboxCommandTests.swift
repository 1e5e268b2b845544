import Foundation
import MarbleTestSupport
import Testing

/// A hand-in waits in the outbox through a stopped server, a wrong password and a full disk,
/// and arrives exactly once.
@Suite("marble class: the outbox")
struct ClassOutboxCommandTests {
    @Test func aStoppedServerMakesItWaitAndSendDeliversItOnce() throws {
        // A server of this test's own: it is stopped and started again.
        let server = try WebDAVTestServer()
        let (url, disk) = try classFolder(server)
        let machine = try ClassMachine("outage")
        #expect(try machine.setClass(url, names: "Ada").status == 0)
        let id = try machine.draw()
        server.stop()
        let started = Date()
        let handIn = try machine.run(["class", "hand-in", id, "--name", "Ada"])
        #expect(Date().timeIntervalSince(started) < 15, "a silent server is given up on within seconds")
        #expect(handIn.status == 75, "\(handIn.stderr)")
        #expect(handIn.stderr.contains("does not answer"), "\(handIn.stderr)")
        let waiting = try machine.status()
        #expect(waiting.count == 1)
        #expect(waiting.first?["state"] as? String == "waiting")
        #expect((waiting.first?["error"] as? String)?.contains("does not answer") == true)
        #expect(try machine.run(["class", "send"]).status == 75)

        try server.start()
        let send = try machine.run(["class", "send"])
        #expect(send.status == 0, "\(send.stderr)")
        #expect(try machine.status().first?["state"] as? String == "sent")
        #expect(filesUnder(disk).count == 2, "\(filesUnder(disk))")
        // Nothing waits: sending again sends nothing.
        let again = try machine.run(["class", "send"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("Nothing waits"), "\(again.stdout)")
        #expect(filesUnder(disk).count == 2)
    }

    @Test func aFullServerMakesItWait() throws {
        let server = try WebDAVTestServer()
        let (url, disk) = try classFolder(server)
        let machine = try ClassMachine("full")
        #expect(try machine.setClass(url).status == 0)
        let id = try machine.draw()
        server.full = true
        let handIn = try machine.run(["class", "hand-in", id])
        #expect(handIn.status == 75, "\(handIn.stderr)")
        #expect(handIn.stderr.contains("507"), "\(handIn.stderr)")
        #expect(filesUnder(disk).isEmpty)
        server.full = false
        #expect(try machine.run(["class", "send"]).status == 0)
        #expect(filesUnder(disk).count == 2)
    }

    @Test func aWrongPasswordIsNamedAndNothingIsLost() throws {
        let server = try webDAVServer()
        let (url, disk) = try classFolder(server)
        let machine = try ClassMachine("password")
        #expect(try machine.setClass(url).status == 0)
        // The school changed the password after the machine was set up.
        try Data("changed".utf8).write(to: URL(fileURLWithPath: machine.store + "/class/password"))
        let id = try machine.draw()
        let handIn = try machine.run(["class", "hand-in", id])
        #expect(handIn.status == 75, "\(handIn.stderr)")
        #expect(handIn.stderr.contains("password is wrong"), "\(handIn.stderr)")
        #expect(!handIn.stderr.contains("changed"))
        #expect(try machine.status().first?["state"] as? String == "waiting")
        #expect(filesUnder(disk).isEmpty)
        // Set again with the right one: the waiting hand-in goes.
        #expect(try machine.setClass(url).status == 0)
        #expect(try machine.run(["class", "send"]).status == 0)
        #expect(filesUnder(disk).count == 2)
    }

    @Test func twentyMachinesHandInDrawingsOfOneIdAtOnce() throws {
        let server = try webDAVServer()
        let (url, disk) = try classFolder(server)
        let first = try ClassMachine("twenty-0")
        #expect(try first.setClass(url, names: "Ada").status == 0)
        let id = try first.draw()
        // Twenty machines with the same drawing id (a copied store), each drawing differently.
        var machines = [first]
        for k in 1..<20 {
            let m = try ClassMachine("twenty-\(k)")
            try FileManager.default.copyItem(atPath: first.store, toPath: m.store)
            machines.append(m)
        }
        for (k, m) in machines.enumerated() {
            #expect(try m.run(["rename", id, "Drawing \(k)"]).status == 0)
        }
        let results = ResultBox()
        let all = machines
        DispatchQueue.concurrentPerform(iterations: all.count) { k in
            results.set(k, try? all[k].run(["class", "hand-in", id, "--name", "Ada"]))
        }
        for k in 0..<machines.count {
            // 75: the hand-in waits in the outbox (the server too slow to answer with twenty
            // at once on a loaded machine); it is sent later, as `class send` sends it here.
            var out = results.get(k)
            for _ in 0..<3 where out?.status == 75 { out = try machines[k].run(["class", "send"]) }
            #expect(out?.status == 0, "machine \(k): \(out?.stderr ?? "did not run")")
        }
        let pictures = filesUnder(disk + "/Ada").filter { $0.hasSuffix(".png") }
        #expect(pictures.count == 20, "\(pictures)")
        // Every picture is whole and carries its own machine's drawing.
        let reader = try ClassMachine("twenty-reader")
        var titles: Set<String> = []
        for p in pictures {
            let out = try reader.run(["open", disk + "/Ada/" + p, "--json"])
            #expect(out.status == 0, "\(p): \(out.stderr)")
            if let t = out.json?["title"] as? String { titles.insert(t) }
        }
        #expect(titles == Set((0..<20).map { "Drawing \($0)" }))
    }
}

/// Results written from concurrent threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: MarbleProcess.Output] = [:]
    func set(_ k: Int, _ v: MarbleProcess.Output?) { lock.withLock { values[k] = v } }
    func get(_ k: Int) -> MarbleProcess.Output? { lock.withLock { values[k] } }
}
