import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleClass

/// A whole hand-in to a class folder that is not a File drop: the outbox keeps it, the courier
/// makes the child's folder and sends each file over WebDAV, on each real server.
@Suite("Class folder: a hand-in sent by the courier over WebDAV")
struct WebDAVHandInTests {
    @Test("the courier delivers a hand-in into the child's folder; a second machine's clash gets a name of its own",
          arguments: DAVServer.allCases)
    func courierDelivers(_ kind: DAVServer) throws {
        let server = try kind.shared()
        let (dav, folder) = try kind.fresh()
        let scratch = try TempFolder("outbox")
        let outbox = Outbox(storeRoot: scratch.path, environment: Environment(clock: { 1000 }, monotonic: { 1000 }, io: .system))
        let setup = try ClassSetup(url: server.url("class/\(folder)/"), user: WebDAVTestServer.user, names: ["Ada"])
        let connection = ClassConnection(setup: setup, password: WebDAVTestServer.password) { address, credentials throws(ClassProblem) in
            try WebDAVTransport(address, user: credentials.user, password: credentials.password, nickname: credentials.nickname)
        }
        let h = try outbox.add(drawing: "20261127-101500-a3f9", title: "Spiral", child: "Ada", folder: connection.folder(for: "Ada"),
                               files: [("png", Array("picture".utf8)), ("csv", Array("t,tilt_x\n".utf8))])
        // Another machine already put a different file under the picture's name.
        let childFolder = connection.folder(for: "Ada")
        try dav.makeFolder("\(folder)/\(childFolder)")
        #expect(try dav.create("\(folder)/\(childFolder)/\(h.files[0].name)", bytes: Array("another".utf8)) == .created)

        let round = ClassCourier(outbox: outbox, connection: connection).sendWaiting()
        #expect(round.delivered == [h.code], "\(round.failed)")
        let sent = try #require(outbox.handIn(h.code))
        #expect(sent.state == .sent)
        let names = try dav.list("\(folder)/\(childFolder)").map(\.name).sorted()
        #expect(names == [h.files[0].name, sent.files[0].remote, h.files[1].name].sorted())
        #expect(sent.files[0].remote != h.files[0].name)
        #expect(try dav.read("\(folder)/\(childFolder)/\(sent.files[0].remote)", limit: 100) == Array("picture".utf8))
        #expect(try dav.read("\(folder)/\(childFolder)/\(h.files[1].name)", limit: 100) == Array("t,tilt_x\n".utf8))
        let disk = try FileManager.default.contentsOfDirectory(atPath: "\(server.classFolder)/\(folder)/\(childFolder)")
        #expect(Set(disk) == Set(names), "\(disk)")
    }
}
