import Foundation
import MarbleKit
import MarblePNG
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// The app on a store whose machine has a class folder (a `MemoryClassFolder`), with `names`.
extension AppHarness {
    convenience init(classFolder: MemoryClassFolder, names: [String] = [], pictureGate: DispatchSemaphore? = nil) throws {
        let temp = try TempStore(pictures: true, pictureGate: pictureGate, connectClass: classFolder.connector, gatedThread: "marble-hand-in")
        try ClassSetupFile(storeRoot: temp.root, io: .system).save(try ClassSetup(url: "/srv/class", names: names))
        try self.init(temp: temp)
    }

    /// Frames (and a little sleep) until `condition` holds, at most `seconds`; whether it did.
    func frames(until condition: () -> Bool, seconds: Double = 10) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            frame()
            if condition() { return true }
            usleep(5000)
        }
        return false
    }

    /// A small drawing with a stroke in it, on the End screen; its id.
    func smallDrawingAtEnd() throws -> String {
        let id = try openSmallDrawing()
        hold(.right, frames: 40)
        app.perform(.done)
        frame()
        return id
    }

    /// The outbox of this store.
    var outbox: Outbox { Outbox(storeRoot: temp.root, environment: store.environment) }

    /// The button doing `action`, if shown.
    func button(_ action: Action) -> Button? { scene.buttons.first { $0.action == action } }

    /// A click on the button doing `action`.
    func click(_ action: Action) {
        guard let b = button(action) else { Issue.record("no button for \(action)"); return }
        frame(.pointerDown(b.rect.center), .pointerUp(b.rect.center))
    }

    /// The icons shown as elements (not on buttons).
    var icons: [Icon] {
        scene.layers.flatMap { $0.elements.compactMap { if case .icon(let i, _, _) = $0 { i } else { nil } } }
    }
}
