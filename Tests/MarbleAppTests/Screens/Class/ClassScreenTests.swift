import MarbleKit
import Testing
@testable import MarbleApp

/// Settings ▸ Class, the teacher's screen, as a pure scene: what it says with and without a
/// class folder, and its one key.
@Suite("Class screen")
struct ClassScreenTests {
    let layout = Layout(width: 1280, height: 800)

    @Test("no class folder: it says so and how to set one; Back and Set up are its buttons")
    func noFolder() {
        let scene = ClassScreen.scene(setup: nil, problem: nil, gallery: ClassGalleryPage(), marks: [:], layout)
        #expect(scene.texts.contains("No class folder on this machine."))
        #expect(scene.texts.contains { $0.contains(ClassScreen.setCommand) })
        #expect(scene.buttons.map(\.action) == [.back, .classSetup])
        #expect(!scene.texts.contains("No drawings pulled yet."), "nothing to pull from")
    }

    @Test("a class folder with names: its address and the names; an empty gallery says none pulled yet")
    func withNames() throws {
        let setup = try ClassSetup(url: "https://school.invalid/class/", user: "teacher", names: ["Ada", "Ben"])
        let scene = ClassScreen.scene(setup: setup, problem: nil, gallery: ClassGalleryPage(), marks: [:], layout)
        #expect(scene.texts.contains("Class folder: https://school.invalid/class/ (as teacher)"))
        #expect(scene.texts.contains("Names: Ada, Ben"))
        #expect(scene.texts.contains("No drawings pulled yet."))
    }

    @Test("a problem is shown in place of the names")
    func problem() throws {
        let setup = try ClassSetup(url: "https://school.invalid/class/", names: ["Ada"])
        let scene = ClassScreen.scene(setup: setup, problem: "The server does not answer.", gallery: ClassGalleryPage(), marks: [:], layout)
        #expect(scene.texts.contains("The server does not answer.") && !scene.texts.contains("Names: Ada"))
    }

    @Test("E opens Set up; other keys move the focus")
    func keys() {
        #expect(ClassScreen.key(.e) == .act(.classSetup))
        #expect(ClassScreen.key(.n) == .navigate)
    }
}
