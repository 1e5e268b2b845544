import CSDL2
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// The coach's pictures drawn: the tilt pad tipping its ball to the low side, and the pulses.
    @Suite("Coach pictures")
    struct CoachPictureTests {
        let pad = Rect(x: 1100, y: 640, w: 160, h: 140)

        func window(_ h: SDLHarness, _ elements: [Element], overlay: [Element] = []) -> [UInt8] {
            h.sdl.canvasLayer.damage.forget()
            h.sdl.draw(Scene(layers: [Layer(elements: elements)], overlay: overlay), canvas: nil)
            return CanvasTexture.window(h, width: 1280, height: 800)
        }

        /// The pad ball's blue pixels in `rect`, and their mean x.
        func ball(_ px: [UInt8], in rect: Rect) -> (count: Int, x: Double) {
            var xs: [Int] = []
            for y in Int(rect.y)..<Int(rect.maxY) {
                for x in Int(rect.x)..<Int(rect.maxX) {
                    let i = (y * 1280 + x) * 4
                    if px[i] < 100 && px[i + 1] < 140 && px[i + 2] > 200 { xs.append(x) }
                }
            }
            return (xs.count, xs.isEmpty ? 0 : Double(xs.reduce(0, +)) / Double(xs.count))
        }

        @Test("The tilt pad's ball lies towards the side tipped down; a pulse rings the pad")
        func tiltPad() throws {
            let h = try SDLHarness(width: 1280, height: 800)
            let right = window(h, [.tiltPad(pad, tilt: Vec2(0.6, 0), pulse: 0)])
            let left = window(h, [.tiltPad(pad, tilt: Vec2(-0.6, 0), pulse: 0)])
            let r = ball(right, in: pad), l = ball(left, in: pad)
            #expect(r.count > 30 && l.count > 30, "the ball shows (\(r.count), \(l.count) pixels)")
            #expect(r.x > pad.center.x + 10 && l.x < pad.center.x - 10, "tipped right it lies right (\(r.x)), left left (\(l.x))")
            // Just outside the pad's box: the backdrop without a pulse, yellow with one.
            let ringed = window(h, [.tiltPad(pad, tilt: .zero, pulse: 1)])
            let i = ((640 - 6) * 1280 + 1180) * 4
            #expect(right[i] < 100, "no ring without a pulse")
            #expect(ringed[i] > 180 && ringed[i + 1] > 150 && ringed[i + 2] < 150, "a yellow ring with one")
        }

        @Test("A hint's pulse draws a white ring outside a button, not over it")
        func pulse() throws {
            let h = try SDLHarness(width: 1280, height: 800)
            let button = Rect(x: 400, y: 300, w: 200, h: 200)
            let px = window(h, [], overlay: [.pulse(button, amount: 1)])
            func white(_ x: Int, _ y: Int) -> Bool { let i = (y * 1280 + x) * 4; return px[i] > 230 && px[i + 1] > 230 && px[i + 2] > 230 }
            // The ring: 20 units out at full swell, 7 wide.
            #expect(white(500, 300 - 24) && white(500, 500 + 24) && white(400 - 24, 400) && white(600 + 24, 400))
            #expect(!white(500, 400) && !white(500, 300 - 5), "inside and just round the button stays clear")
        }
    }
}
