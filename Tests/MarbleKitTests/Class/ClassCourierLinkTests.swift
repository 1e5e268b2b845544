import Foundation
import MarbleKit
import MarbleTestSupport
import Testing

/// A plain class folder where a child's folder was replaced by a link: the hand-in waits.
@Suite struct ClassCourierLinkTests {
    let scratch: TempFolder
    let outbox: Outbox

    init() throws {
        scratch = try TempFolder("courier-link")
        outbox = Outbox(storeRoot: scratch.path("store"), environment: Environment(clock: { 1000 }, monotonic: { 1000 }, io: .system))
    }

    /// A hand-in for Ben, sent by a courier to the plain folder `share`.
    func send(to share: String) throws -> (HandIn, ClassCourier.Round) {
        let h = try outbox.add(drawing: "20261127-101500-a3f9", title: "Spiral", child: "Ben", folder: "Ben",
                               files: [("png", Array("picture".utf8)), ("csv", Array("t,tilt_x\n".utf8))])
        let connection = ClassConnection(setup: try ClassSetup(url: share, names: ["Ada", "Ben"]), password: nil,
                                         connect: { address, _ throws(ClassProblem) in try FolderTransport(address) })
        let round = ClassCourier(outbox: outbox, connection: connection).sendWaiting()
        return (try #require(outbox.handIn(h.code)), round)
    }

    @Test func benLinkedToAdaIsRefusedNamedAndTheHandInWaits() throws {
        let share = scratch.path("share")
        try FileManager.default.createDirectory(atPath: share + "/Ada", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: share + "/Ben", withDestinationPath: "Ada")
        let (after, round) = try send(to: share)
        #expect(round.delivered.isEmpty)
        #expect(after.state == .waiting)
        #expect(after.error?.contains(share + "/Ben") == true && after.error?.contains("link") == true, "\(after.error ?? "nil")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: share + "/Ada").isEmpty)
    }

    @Test func aLinkOutOfTheShareIsRefusedAndNothingIsKeptOutside() throws {
        let share = scratch.path("share")
        let outside = scratch.path("outside")
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: share + "/Ben", withDestinationPath: outside)
        let (after, _) = try send(to: share)
        #expect(after.state == .waiting)
        #expect(after.error?.contains("link") == true, "\(after.error ?? "nil")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }
}
