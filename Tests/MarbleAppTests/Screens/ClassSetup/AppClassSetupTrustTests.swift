import Foundation
import MarbleKit
import MarbleTestSupport
import Synchronization
import Testing
@testable import MarbleApp

/// Every connection the app asks for: the address and what it would sign in with.
final class RecordingConnector: Sendable {
    let folder = MemoryClassFolder()
    private let calls = Mutex<[(address: String, user: String?, password: String?)]>([])

    var connector: Environment.ClassConnector {
        { address, credentials throws(ClassProblem) in
            self.calls.withLock { $0.append((address.description, credentials.user, credentials.password)) }
            return self.folder
        }
    }

    var made: [(address: String, user: String?, password: String?)] { calls.withLock { $0 } }
}

@Suite("Settings ▸ Class ▸ Set up: the password goes only where it was given for")
struct AppClassSetupTrustTests {
    let school = "https://dav.school.example/class/"

    /// The app on a store set up for `school` as teacher, with `kept` in `class/password` as
    /// marble kept it before origins were written (one line).
    func harness(_ recorder: RecordingConnector, kept: String = "kept-pw") throws -> AppHarness {
        let temp = try TempStore(pictures: true, connectClass: recorder.connector)
        try ClassSetupFile(storeRoot: temp.root, io: .system).save(try ClassSetup(url: school, user: "teacher", names: ["Ada"]))
        try Data((kept + "\n").utf8).write(to: URL(fileURLWithPath: temp.root + "/class/password"))
        return try AppHarness(temp: temp)
    }

    func openForm(_ h: AppHarness) {
        // Settings ▸ Class, through the grown-up gate.
        h.passGate()
        h.frame(.keyDown(.e, ctrl: false, isRepeat: false), .text("e"), .keyUp(.e))
        #expect(h.app.nav.screen == .classSetup)
    }

    /// Types `text` into the focused box, as SDL gives it.
    func type(_ h: AppHarness, _ text: String) {
        for ch in text { h.frame(.text(String(ch))) }
    }

    /// Empties the focused box.
    func erase(_ h: AppHarness, _ field: ClassSetupForm.Field) {
        while !h.app.desk.screens.form[field].isEmpty { h.tap(.backspace) }
    }

    func files(_ h: AppHarness) -> [String: Data] {
        var out: [String: Data] = [:]
        for name in ["setup.json", "password"] { out[name] = FileManager.default.contents(atPath: h.temp.root + "/class/" + name) }
        return out
    }

    func passwordFile(_ h: AppHarness) -> String {
        (try? String(contentsOfFile: h.temp.root + "/class/password", encoding: .utf8)) ?? ""
    }

    @Test("a new address with the password box empty: asked for its password, nothing sent or saved; typed: sent there alone")
    func newAddressAsksForThePassword() throws {
        let recorder = RecordingConnector()
        let h = try harness(recorder)
        openForm(h)
        #expect(h.scene.texts.contains("Empty: keep the password kept on this machine"))
        erase(h, .address)
        type(h, "https://laptop.invalid:8080/class/")
        // The hint says the kept one does not go there.
        #expect(!h.scene.texts.contains("Empty: keep the password kept on this machine"))
        #expect(h.scene.texts.contains { $0.contains("type its password") })
        let before = files(h)
        h.tap(.enter)
        #expect(h.frames(until: { h.app.desk.screens.form.failed != nil }))
        let failed = h.app.desk.screens.form.failed?.words ?? ""
        #expect(failed.contains("laptop.invalid") && failed.contains("password"), "\(failed)")
        #expect(!failed.contains("kept-pw"))
        #expect(h.icons.contains(.key))
        // Not one connection to the new address; the kept password was handed to nobody.
        #expect(!recorder.made.contains { $0.address.contains("laptop") }, "\(recorder.made.map(\.address))")
        #expect(files(h) == before)
        #expect(h.app.nav.screen == .classSetup)

        // Its own password typed: checked with it, saved for that server.
        h.tap(.tab); h.tap(.tab)
        type(h, "laptop-pw")
        h.tap(.enter)
        #expect(h.frames(until: { h.app.nav.screen == .classroom }))
        let last = try #require(recorder.made.last)
        #expect(last.address == "https://laptop.invalid:8080/class/" && last.password == "laptop-pw" && last.user == "teacher")
        #expect(!recorder.made.contains { $0.password == "kept-pw" && $0.address.contains("laptop") })
        #expect(passwordFile(h) == "marble-class-password 1\norigin https://laptop.invalid:8080\nlaptop-pw\n")
        h.app.quit()
    }

    @Test("the same server: an empty box keeps the password kept before (and binds it to that server)")
    func sameServerKeepsIt() throws {
        let recorder = RecordingConnector()
        let h = try harness(recorder)
        openForm(h)
        h.tap(.tab); h.tap(.tab); h.tap(.tab)
        type(h, ", Ben")
        h.tap(.enter)
        #expect(h.frames(until: { h.app.nav.screen == .classroom }))
        let last = try #require(recorder.made.last)
        #expect(last.address == school && last.password == "kept-pw")
        #expect(passwordFile(h) == "marble-class-password 1\norigin https://dav.school.example:443\nkept-pw\n")
        h.app.quit()
    }

    @Test("plain http:// to another machine with a password: refused naming https://, before any connection")
    func plainHTTPRefused() throws {
        let recorder = RecordingConnector()
        let h = try harness(recorder)
        openForm(h)
        erase(h, .address)
        type(h, "http://school.invalid/class/")
        h.tap(.tab); h.tap(.tab)
        type(h, "typed-pw")
        let before = files(h)
        h.tap(.enter)
        #expect(h.frames(until: { h.app.desk.screens.form.failed != nil }))
        let failed = h.app.desk.screens.form.failed?.words ?? ""
        #expect(failed.contains("school.invalid") && failed.contains("https://"), "\(failed)")
        #expect(!failed.contains("typed-pw"))
        #expect(!recorder.made.contains { $0.address.contains("school.invalid") }, "\(recorder.made.map(\.address))")
        #expect(files(h) == before)
        h.app.quit()
    }
}
