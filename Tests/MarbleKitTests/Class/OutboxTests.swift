import Foundation
import MarbleKit
import MarbleTestSupport
import Testing

/// The outbox keeps hand-ins durably; the courier sends each file once, whole, never over another.
@Suite struct OutboxTests {
    let scratch: TempFolder
    let outbox: Outbox
    let clock = ManualClock()

    init() throws {
        scratch = try TempFolder("outbox")
        let c = clock
        outbox = Outbox(storeRoot: scratch.path, environment: Environment(clock: { c.now }, monotonic: { c.now }, io: .system))
    }

    func handIn(child: String = "Ada", folder: String = "Ada") throws -> HandIn {
        try outbox.add(drawing: "20261127-101500-a3f9", title: "Spiral", child: child, folder: folder,
                       files: [("png", Array("picture".utf8)), ("csv", Array("t,tilt_x\n".utf8))])
    }

    @Test func aHandInIsKeptWithItsFilesBeforeItIsSent() throws {
        let h = try handIn()
        #expect(h.state == .waiting)
        #expect(h.files.map(\.name) == ["20261127-101500-a3f9-\(h.code).png", "20261127-101500-a3f9-\(h.code).csv"])
        #expect(try outbox.bytes(of: h.files[0], in: h) == Array("picture".utf8))
        // Read back by a fresh outbox, as after a relaunch.
        let again = Outbox(storeRoot: scratch.path, environment: Environment(clock: { 0 }, monotonic: { 0 }, io: .system))
        #expect(again.entries().handIns == [h])
        let mode = try FileManager.default.attributesOfItem(atPath: scratch.path("outbox/\(h.code)/entry.json"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func courierDeliversIntoTheChildsFolder() throws {
        let folder = MemoryClassFolder()
        let h = try handIn()
        let round = ClassCourier(outbox: outbox, connection: try .memory(folder, names: ["Ada"])).sendWaiting()
        #expect(round.delivered == [h.code])
        #expect(folder.paths == h.files.map { "Ada/" + $0.name }.sorted())
        #expect(folder.file("Ada/" + h.files[0].name) == Array("picture".utf8))
        let after = try #require(outbox.handIn(h.code))
        #expect(after.state == .sent)
        #expect(after.tries == 1)
        #expect(after.error == nil)
    }

    @Test func aDownServerLeavesItWaitingWithWhyAndBacksOff() throws {
        let folder = MemoryClassFolder()
        let h = try handIn()
        folder.fail(.unreachable("http://127.0.0.1:9/", why: "Connection refused"))
        let courier = ClassCourier(outbox: outbox, connection: try .memory(folder))
        let first = courier.sendWaiting()
        #expect(first.delivered.isEmpty)
        #expect(first.failed.map(\.code) == [h.code])
        let waiting = try #require(outbox.handIn(h.code))
        #expect(waiting.state == .waiting)
        #expect(waiting.error?.contains("does not answer") == true)
        #expect(waiting.nextTry == clock.now + 2)
        // Within the backoff nothing is tried; after it, it goes.
        let idle = courier.sendWaiting()
        #expect(idle.delivered.isEmpty && idle.failed.isEmpty && !idle.busy)
        clock.now += 2
        #expect(courier.sendWaiting().delivered == [h.code])
        #expect(folder.paths.count == 2)
    }

    @Test func anAnswerLostAfterTheServerWroteSendsNothingTwice() throws {
        let folder = MemoryClassFolder()
        let h = try handIn()
        folder.loseAnswerOnce = .unreachable("x", why: "connection reset")
        let courier = ClassCourier(outbox: outbox, connection: try .memory(folder))
        #expect(courier.sendWaiting().failed.count == 1)
        #expect(courier.sendWaiting(force: true).delivered == [h.code])
        // The first file was already there with the same bytes: not written again, no copy.
        #expect(folder.paths.count == 2)
        #expect(try #require(outbox.handIn(h.code)).files.allSatisfy { $0.name == $0.remote })
    }

    @Test func aDifferentFileOfTheSameNameIsNeverWrittenOver() throws {
        let folder = MemoryClassFolder()
        let h = try handIn(child: "", folder: "")
        folder.put(h.files[0].name, Array("someone else's".utf8))
        #expect(ClassCourier(outbox: outbox, connection: try .memory(folder)).sendWaiting().delivered == [h.code])
        #expect(folder.file(h.files[0].name) == Array("someone else's".utf8))
        let renamed = "20261127-101500-a3f9-\(h.code)-2.png"
        #expect(folder.file(renamed) == Array("picture".utf8))
        #expect(try #require(outbox.handIn(h.code)).files[0].remote == renamed)
    }

    @Test func aWrongPasswordEndsTheRoundForEveryHandIn() throws {
        let folder = MemoryClassFolder()
        _ = try handIn()
        _ = try handIn(child: "Ben", folder: "Ben")
        folder.fail(.unauthorized("http://127.0.0.1/dav/"))
        let round = ClassCourier(outbox: outbox, connection: try .memory(folder)).sendWaiting()
        #expect(round.failed.count == 1)
        #expect(round.delivered.isEmpty)
        #expect(outbox.entries().handIns.allSatisfy { $0.state == .waiting })
    }

    @Test func oneSenderAtATime() throws {
        _ = try handIn()
        let folder = MemoryClassFolder()
        let courier = ClassCourier(outbox: outbox, connection: try .memory(folder))
        var inner: ClassCourier.Round?
        #expect(outbox.whileSending { inner = courier.sendWaiting() })
        #expect(inner?.busy == true)
        #expect(folder.paths.isEmpty)
    }

    @Test func anUnfinishedHandInIsNotOne() throws {
        try FileManager.default.createDirectory(atPath: scratch.path("outbox/K7QX3M"), withIntermediateDirectories: true)
        try scratch.write(Array("half".utf8), to: "outbox/K7QX3M/x-K7QX3M.png")
        #expect(outbox.entries().handIns.isEmpty)
        let damaged = try handIn()
        try scratch.write(Array("{".utf8), to: "outbox/\(damaged.code)/entry.json")
        let (handIns, notes) = outbox.entries()
        #expect(handIns.isEmpty)
        #expect(notes.count == 1)
        #expect(notes.first?.contains("entry.json") == true)
    }
}

/// A clock a test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 1_800_000_000.0
    var now: Double {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
