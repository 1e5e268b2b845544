import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

@Suite("Settings ▸ Class ▸ Set up (the class folder set in the window)")
struct AppClassSetupTests {
    /// The app on a store that can reach `folder` but has no class folder set (unless `names`).
    func harness(_ folder: MemoryClassFolder, set names: [String]? = nil) throws -> AppHarness {
        if let names { return try AppHarness(classFolder: folder, names: names) }
        return try AppHarness(temp: TempStore(pictures: true, connectClass: folder.connector))
    }

    /// Settings ▸ Class (through the grown-up gate), then E, as a person: SDL sends the E as
    /// text too, in the same frame.
    func openForm(_ h: AppHarness) {
        h.passGate()
        #expect(h.app.nav.screen == .classroom)
        #expect(h.button(.classSetup) != nil)
        h.frame(.keyDown(.e, ctrl: false, isRepeat: false), .text("e"), .keyUp(.e))
        #expect(h.app.nav.screen == .classSetup)
        #expect(h.scene.buttons[h.scene.focus ?? 0].action == .classSetupField(0))
    }

    /// Types `text` as SDL gives it: a key press for the keys the app knows (ignored here), and the text.
    func type(_ h: AppHarness, _ text: String) {
        for ch in text {
            var events: [UIEvent] = []
            let key: Key? = switch ch { case " ": .space; case "m": .m; case "q": .q; case "e": .e; case "c": .c; default: nil }
            if let key { events.append(.keyDown(key, ctrl: false, isRepeat: false)) }
            events.append(.text(String(ch)))
            if let key { events.append(.keyUp(key)) }
            for e in events { h.frame(e) }
        }
    }

    var setupFile: (AppHarness) -> ClassSetupFile { { ClassSetupFile(storeRoot: $0.temp.root, io: .system) } }

    @Test("typing a plain folder's address and names, then Enter: saved, live, and Hand in on the End screen")
    func setsUpAndGoesLive() throws {
        let folder = MemoryClassFolder()
        let h = try harness(folder)
        #expect(!h.app.desk.isSet)
        openForm(h)
        type(h, "/srv/class")
        h.tap(.tab)
        h.tap(.tab)
        h.tap(.tab)
        type(h, "Ada, Ben, Cy")
        #expect(h.app.desk.screens.form[.address] == "/srv/class")
        #expect(h.app.desk.screens.form[.names] == "Ada, Ben, Cy")
        // Space, M, Q and C were typed, not acted on.
        #expect(h.app.nav.screen == .classSetup && !h.app.preferences.muted)
        h.tap(.backspace)
        type(h, "y")
        h.tap(.enter)
        #expect(h.frames(until: { h.app.nav.screen == .classroom }))
        let saved = try #require(try setupFile(h).load())
        #expect(saved.url == "/srv/class" && saved.names == ["Ada", "Ben", "Cy"] && saved.user == nil)
        #expect(try setupFile(h).password() == nil)
        #expect(h.app.desk.isSet)
        #expect(h.scene.texts.contains { $0.contains("Ada, Ben, Cy") })
        // Hand in appears, and hands in with the new connection.
        let id = try h.smallDrawingAtEnd()
        #expect(h.button(.handIn(id))?.icon == .tray)
        h.tap(.i)
        #expect(h.app.nav.screen == .handIn)
        h.click(.handInAs("Ben"))
        #expect(h.frames(until: { h.button(.handIn(id))?.icon == .check }))
        #expect(folder.paths.count == 2 && folder.paths.allSatisfy { $0.hasPrefix("Ben/") })
        h.app.quit()
    }

    @Test("a check that fails (a wrong password): the reason in words and a key; nothing saved; what was typed stays")
    func failingCheck() throws {
        let folder = MemoryClassFolder()
        folder.fail(with: .unauthorized("/srv/class"))
        let h = try harness(folder)
        openForm(h)
        type(h, "/srv/class")
        h.tap(.enter)
        #expect(h.frames(until: { h.app.desk.screens.form.failed != nil }))
        #expect(h.app.nav.screen == .classSetup)
        #expect(h.scene.texts.joined(separator: " ").contains(ClassProblem.unauthorized("/srv/class").description))
        #expect(h.icons.contains(.key))
        #expect(try setupFile(h).load() == nil)
        #expect(!FileManager.default.fileExists(atPath: h.temp.root + "/class/setup.json"))
        #expect(!h.app.desk.isSet)
        #expect(h.app.desk.screens.form[.address] == "/srv/class")
        // Typing again clears the reason; the folder answers now: saved.
        folder.fail(with: nil)
        type(h, "/")
        #expect(h.app.desk.screens.form.failed == nil)
        h.tap(.enter)
        #expect(h.frames(until: { h.app.nav.screen == .classroom }))
        #expect(try setupFile(h).load()?.url == "/srv/class/")
    }

    @Test("an address not understood or names that clash: told at once, nothing checked or saved")
    func badInput() throws {
        let h = try harness(MemoryClassFolder())
        openForm(h)
        type(h, "/srv/class")
        h.tap(.tab); h.tap(.tab); h.tap(.tab)
        type(h, "Ada, ada")
        h.tap(.enter)
        #expect(h.app.desk.screens.form.failed != nil)
        #expect(h.app.desk.setting == nil)
        #expect(h.icons.contains(.cross))
        #expect(try setupFile(h).load() == nil)
    }

    @Test("the password: dots on screen, never in any scene's text or the form's description; kept 0600")
    func password() throws {
        let folder = MemoryClassFolder()
        let h = try harness(folder)
        openForm(h)
        let secret = "hunter2-s3cret"
        type(h, "https://dav.example/class/")
        h.tap(.tab)
        type(h, "teacher")
        h.tap(.down)
        #expect(h.scene.buttons[h.scene.focus ?? 0].action == .classSetupField(2))
        var scenes: [Scene] = []
        for ch in secret {
            h.frame(.text(String(ch)))
            scenes.append(h.scene)
        }
        #expect(h.button(.classSetupField(2))?.label == String(repeating: "•", count: secret.count))
        #expect(!"\(h.app.desk.screens.form)".contains(secret) && !"\(h.app.desk.screens)".contains(secret))
        h.tap(.enter)
        #expect(h.frames(until: {
            scenes.append(h.scene)
            return h.app.nav.screen == .classroom
        }))
        scenes.append(h.scene)
        for s in scenes { #expect(!s.texts.contains { $0.contains(secret) || $0.contains("s3cret") }) }
        let path = h.temp.root + "/class/password"
        #expect(try setupFile(h).password() == secret)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue & 0o777 == 0o600)
        #expect(try setupFile(h).load()?.user == "teacher")
        h.app.quit()
    }

    @Test("opens filled in with the setup kept; an empty password keeps the kept one; Esc keeps the old setup")
    func prefilledAndEsc() throws {
        let folder = MemoryClassFolder()
        let h = try harness(folder, set: ["Ada", "Ben"])
        try setupFile(h).savePassword("kept-pw", for: try ClassAddress.parse("/srv/class").origin)
        openForm(h)
        let form = h.app.desk.screens.form
        #expect(form[.address] == "/srv/class" && form[.names] == "Ada, Ben" && form[.password] == "" && form.passwordKept)
        #expect(h.scene.texts.contains("Empty: keep the password kept on this machine"))
        h.tap(.tab); h.tap(.tab); h.tap(.tab)
        type(h, ", Cy")
        h.tap(.escape)
        #expect(h.app.nav.screen == .classroom)
        h.frames(5)
        #expect(try setupFile(h).load()?.names == ["Ada", "Ben"])
        #expect(h.app.desk.setup?.names == ["Ada", "Ben"])
        // Again, and saved this time: the password kept stays.
        h.tap(.e)
        #expect(h.app.nav.screen == .classSetup)
        h.tap(.tab); h.tap(.tab); h.tap(.tab)
        type(h, ", Cy")
        h.tap(.enter)
        #expect(h.frames(until: { h.app.nav.screen == .classroom }))
        #expect(try setupFile(h).load()?.names == ["Ada", "Ben", "Cy"])
        #expect(try setupFile(h).password() == "kept-pw")
        #expect(h.app.desk.setup?.names == ["Ada", "Ben", "Cy"])
        h.app.quit()
    }

    @Test("a hand-in waiting on a wrong password goes in once the right one is set: the new connection is live, its courier sends")
    func newCourierSends() throws {
        let folder = MemoryClassFolder()
        // The folder lets in only the right password.
        let connect: Environment.ClassConnector = { _, credentials throws(ClassProblem) in
            guard credentials.password == "right" else { throw .unauthorized("/srv/class") }
            return folder
        }
        let temp = try TempStore(pictures: true, connectClass: connect)
        let file = ClassSetupFile(storeRoot: temp.root, io: .system)
        try file.save(try ClassSetup(url: "/srv/class"))
        try file.savePassword("wrong", for: try ClassAddress.parse("/srv/class").origin)
        let h = try AppHarness(temp: temp)
        let id = try h.smallDrawingAtEnd()
        h.tap(.i)
        #expect(h.frames(until: { h.icons.contains(.key) }))
        #expect(h.outbox.entries().handIns.first?.state == .waiting)
        h.tap(.h)
        openForm(h)
        h.tap(.tab); h.tap(.tab)
        #expect(h.scene.buttons[h.scene.focus ?? 0].action == .classSetupField(2))
        type(h, "right")
        h.tap(.enter)
        #expect(h.frames(until: { h.app.nav.screen == .classroom }))
        #expect(try file.password() == "right")
        // The new courier's first round sends what waits.
        #expect(h.frames(until: { h.outbox.entries().handIns.first?.state == .sent }))
        #expect(folder.paths.count == 2 && folder.paths.allSatisfy { $0.hasPrefix(id) })
        h.app.quit()
    }
}
