import Foundation
import MarbleKit
import Testing
@testable import MarbleApp

/// The lines an app logged.
final class Logged {
    var lines: [String] = []
}

/// The app on a headless platform whose phone page is a scripted server, with a stand-in QR
/// encoder (a code of the text's length), and the page's readings made up in closed form.
final class PageHarness {
    let servers = ScriptedPhonePages()
    let h: AppHarness
    /// Each page's clock (ms), by token.
    var clocks: [PairingToken: Double] = [:]

    /// What the app printed (`marble play`'s stderr).
    let logged = Logged()

    init() throws {
        let servers = self.servers, logged = self.logged
        h = try AppHarness(temp: TempStore(servePhonePage: servers.starter, encodeQR: PageHarness.encode),
                           log: { logged.lines.append($0) })
        h.platform.phonePage = PhonePagePort(start: servers.starter)
    }

    /// A 21-module code whose modules spell the text's bytes (enough to tell two apart).
    static let encode: Environment.QREncoder = { text in
        let bytes = Array(text.utf8)
        return QRMatrix(size: 21, modules: (0..<441).map { i in bytes.isEmpty ? false : bytes[i % bytes.count] >> (i % 8) & 1 == 1 })
    }

    var app: App { h.app }
    var server: ScriptedPhonePage? { servers.current }

    /// Served for the run (as `--phone-page`), then a drawing of `marbles`, easy ball (tilt sets its speed).
    func startDrawing(marbles: Int = 1, mode: PhysicsMode = .fake) throws {
        app.servePhonePage(at: PhonePageAddress(host: "127.0.0.1", port: 0))
        h.frames(2)
        #expect(server != nil)
        app.startNew(mode: mode, difficulty: .normal, marbles: marbles)
        h.frame()
    }

    /// Player `n`'s token (1-based), as offered last.
    func token(_ n: Int) throws -> PairingToken { try #require(server?.token(player: n)) }

    /// A reading of a phone at rest or tilted: W3C gravity (m/s², x right, y to the top edge, z
    /// out of the screen), rotation rates (deg/s), the compass and the buttons.
    static func reading(_ t: Double, gravity: (x: Double, y: Double, z: Double) = (0, 0, 9.81),
                        rotation: (alpha: Double, beta: Double, gamma: Double) = (0, 0, 0),
                        heading: Double? = nil, buttons: PhoneButtons = []) -> PhoneReading {
        PhoneReading(time: t, gravity: gravity, rotation: rotation, heading: heading, buttons: buttons)
    }

    /// Gravity with the right edge lowered by `degrees` (the screen's up leans to −x).
    static func rightEdgeDown(_ degrees: Double) -> (x: Double, y: Double, z: Double) {
        let a = degrees * .pi / 180
        return (-9.81 * sin(a), 0, 9.81 * cos(a))
    }

    /// Gravity with the top edge lowered by `degrees` (the screen's up leans to −y).
    static func topEdgeDown(_ degrees: Double) -> (x: Double, y: Double, z: Double) {
        let a = degrees * .pi / 180
        return (0, -9.81 * sin(a), 9.81 * cos(a))
    }

    /// `frames` frames, each with one reading from each page (`make` gives a page's reading at its time).
    func stream(_ frames: Int, _ pages: [PairingToken], _ make: (PairingToken, Double) -> PhoneReading) {
        for _ in 0..<frames {
            for token in pages {
                let t = clocks[token, default: 1000] + 1000.0 / 60
                clocks[token] = t
                server?.push(.reading(token, make(token, t), arrival: t / 1000))
            }
            h.frame()
        }
    }

    /// A page opened with `token`: it joins at the next frame.
    func join(_ token: PairingToken) {
        server?.push(.joined(token))
        h.frame()
    }

    func position(_ k: Int) -> Vec2 { h.session?.marbles[k].ball.position ?? .zero }
}
