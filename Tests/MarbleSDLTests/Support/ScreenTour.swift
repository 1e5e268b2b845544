import Foundation
import MarbleKit
import MarbleTestSupport
@testable import MarbleApp

/// Every screen of the app, reached as a child and a grown-up reach them on the headless
/// platform (the class screens, which need a class folder, from their own scene functions),
/// each laid out at the sizes asked.
struct ScreenTour {
    /// One screen's scene at one window size.
    struct Stop {
        var name: String
        var width: Double
        var height: Double
        var scene: Scene
        /// The canvas the window shows with it (a drawing's, a watched one's), if any.
        var canvas: Canvas? = nil
    }

    /// Every stop at each size, in the words in force.
    static func stops(sizes: [(Double, Double)]) throws -> [Stop] {
        let folder = try TempFolder("screen-tour")
        let store = try DrawingStateStore(root: folder.path, environment: .system)
        let app = App(store: store, exportFolder: folder.path("exports"))
        let platform = HeadlessPlatform()
        var out: [Stop] = []
        func frames(_ n: Int = 2) { for _ in 0..<n { FrameLoop.frame(app, on: platform) } }
        func stop(_ name: String) {
            frames()
            for (w, h) in sizes { out.append(Stop(name: name, width: w, height: h, scene: app.scene(width: w, height: h), canvas: app.canvas)) }
        }
        func act(_ actions: Action...) {
            for a in actions {
                app.perform(a)
                frames()
            }
        }
        func scene(_ name: String, _ make: (Layout) -> Scene) {
            for (w, h) in sizes { out.append(Stop(name: name, width: w, height: h, scene: make(Layout(width: w, height: h)))) }
        }

        stop("Home (first launch)")
        act(.newDrawing)
        stop("Setup")
        act(.chooseTrace(.star), .chooseMarbles(4))
        stop("Setup (four marbles, a star to trace)")
        act(.chooseMarbles(1), .chooseTrace(nil))
        act(.start)
        frames(30)
        // The first drawing of an empty store shows the help by itself.
        if app.nav.help { act(.help) }
        stop("Drawing")
        act(.help)
        stop("Drawing with help")
        act(.help, .pause)
        stop("Pause")
        act(.resume)
        frames(30)
        act(.done)
        stop("End")
        app.say("Picture saved: /home/someone/Pictures/marble/drawing-2026-11-29-114500.png", for: 0.5)
        stop("End with a notice")
        frames(40)
        act(.home)
        stop("Home (a drawing to continue)")
        // Two more drawings for the gallery: one of four marbles tracing a star.
        act(.newDrawing, .chooseMarbles(4), .chooseTrace(.star), .start)
        frames(30)
        if app.nav.help { act(.help) }
        stop("Drawing (four marbles)")
        act(.help)
        stop("Drawing with help (four marbles)")
        act(.help, .done)
        stop("End (four marbles, a star)")
        act(.home, .newDrawing, .chooseMarbles(2), .chooseTrace(nil), .start)
        frames(10)
        act(.done, .home, .gallery)
        stop("Gallery")
        if let id = app.nav.gallery.shown.first?.id {
            act(.deleteDrawing(id))
            stop("Delete question")
            act(.confirmNo, .watch(id))
            frames(20)
            stop("Watch")
            act(.back)
        }
        act(.home, .newDrawing, .pictures)
        stop("Pictures")
        act(.back, .back, .settings)
        stop("Settings")
        act(.classroom)
        stop("Grown-up gate")
        act(.back, .phone)
        stop("Phone")
        act(.phoneInBrowser)
        stop("Phone in the browser")
        act(.back, .back)

        scene("Class setup") { ClassSetupScreen.scene(ClassSetupForm(), checking: false, $0) }
        let setup = try ClassSetup(url: "https://school.invalid/classes/2b", user: "teacher",
                                   names: ["Amelia", "Benjamin", "Charlotte", "Dominik", "Elisabeth", "Friedrich"])
        scene("Class") { ClassScreen.scene(setup: setup, problem: nil, gallery: ClassGalleryPage(), marks: [:], $0) }
        scene("Class (the folder does not answer)") {
            ClassScreen.scene(setup: setup, problem: "The class folder does not answer.", gallery: ClassGalleryPage(), marks: [:], $0)
        }
        scene("Hand in") { HandInScreen.scene(names: setup.names, marks: NameMarks.marks(setup.names), $0) }
        scene("Open a code") { OpenCodeScreen.scene(CodeEntry(), $0) }
        _ = folder
        return out
    }
}
