import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

@Suite("Settings ▸ Class: an open padlock when the password crosses the network unencrypted")
struct AppClassPadlockTests {
    /// Settings ▸ Class of a store set up with `setup`.
    func classScreen(_ setup: ClassSetup) throws -> AppHarness {
        let temp = try TempStore(pictures: true, connectClass: MemoryClassFolder().connector)
        try ClassSetupFile(storeRoot: temp.root, io: .system).save(setup)
        let h = try AppHarness(temp: temp)
        // Settings ▸ Class, through the grown-up gate.
        h.passGate()
        #expect(h.app.nav.screen == .classroom)
        return h
    }

    @Test("plain http:// to another machine, allowed by the teacher: the padlock and the sentence")
    func allowedPlainHTTPShowsIt() throws {
        let h = try classScreen(try ClassSetup(url: "http://nas.invalid/class/", user: "teacher", names: ["Ada"], allowPlainHTTP: true))
        #expect(h.icons.contains(.openPadlock))
        #expect(h.scene.texts.contains(ClassScreen.unencrypted))
        #expect(ClassScreen.unencrypted.contains("plain http://") && ClassScreen.unencrypted.contains("https://"))
        // The names are still told, under it.
        #expect(h.scene.texts.contains("Names: Ada"))
        h.app.quit()
    }

    @Test("https://, this machine's own http://, or no sign-in: no padlock", arguments: [
        ("https://dav.school.example/class/", "teacher"), ("http://127.0.0.1:8080/class/", "teacher"), ("http://nas.invalid/class/", ""),
    ])
    func otherwiseNone(_ url: String, _ user: String) throws {
        let h = try classScreen(try ClassSetup(url: url, user: user, allowPlainHTTP: true))
        #expect(!h.icons.contains(.openPadlock))
        #expect(!h.scene.texts.contains(ClassScreen.unencrypted))
        h.app.quit()
    }

    @Test("plain http:// to another machine, not allowed: no padlock; Settings ▸ Class says it is refused, naming https://")
    func notAllowedIsTold() throws {
        let h = try classScreen(try ClassSetup(url: "http://nas.invalid/class/", user: "teacher"))
        #expect(!h.icons.contains(.openPadlock))
        #expect(h.scene.texts.contains(ClassProblem.plainHTTP("http://nas.invalid/class/").description))
        h.app.quit()
    }

    @Test("the window keeps the teacher's allowance for the same server only; another is refused naming https://")
    func allowanceStaysWithItsServer() throws {
        let old = try ClassSetup(url: "http://nas.invalid/class/", user: "teacher", allowPlainHTTP: true)
        let sameServer = try ClassSetup(url: "http://NAS.invalid:80/other/", user: "teacher").keepingTrust(of: old)
        #expect(sameServer.allowsPlainHTTP && sameServer.signsInUnencrypted)
        let another = try ClassSetup(url: "http://laptop.invalid/class/", user: "teacher").keepingTrust(of: old)
        #expect(!another.allowsPlainHTTP)
        let connection = ClassConnection(setup: another, password: "pw", connect: MemoryClassFolder().connector)
        #expect(throws: ClassProblem.plainHTTP("http://laptop.invalid/class/")) { try connection.transport() }
    }
}
