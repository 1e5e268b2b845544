import Foundation
import MarbleTestSupport
import CSDL2
import MarbleKit
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// SDL's virtual joystick driver standing in for a real pad.
    @Suite("Pads")
    struct Pads {
        @Test("A virtual pad is found; its D-pad and A navigate the menus")
        func hotPlugAndMenus() throws {
            let h = try SDLHarness()
            h.frame()
            #expect(h.app.padName == nil)
            let pad = try VirtualPad()
            h.frame()
            #expect(h.app.padName != nil)
            #expect(h.sdl.padName == h.app.padName)
            #expect(h.app.padHasMotion == false, "a virtual pad has no sensors")

            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, true)
            h.frame()
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, false)
            h.frame()
            #expect(h.app.focus == 1)
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_DPAD_LEFT, true)
            h.frame()
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_DPAD_LEFT, false)
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_A, true)
            h.frame()
            #expect(h.app.screen == .setup)
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_A, false)
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_B, true)
            h.frame()
            #expect(h.app.screen == .home)
            pad.detach()
        }

        @Test("Two virtual pads: each takes a player in a drawing of two; each stick rolls its own marble; unplugging the first leaves the second its player")
        func twoPads() throws {
            let h = try SDLHarness()
            let one = try VirtualPad()
            h.frame()
            let two = try VirtualPad()
            h.frame()
            #expect(h.app.input.held.count == 2)
            #expect(h.sdl.padInstances == [one.instance, two.instance])
            h.tap(SDLK_n)
            h.tap(SDLK_p)
            h.tap(SDLK_RETURN)
            h.frame()
            let session = try #require(h.session)
            let a0 = session.marbles[0].ball.position, b0 = try #require(session.marbles.dropFirst().first).ball.position
            try one.axis(SDL_CONTROLLER_AXIS_LEFTX, Int16.max)
            try two.axis(SDL_CONTROLLER_AXIS_LEFTX, Int16.min)
            h.frames(30)
            #expect(session.marbles[0].ball.position.x > a0.x + 5, "pad one rolls marble 1 right")
            #expect(try #require(session.marbles.dropFirst().first).ball.position.x < b0.x - 5, "pad two rolls marble 2 left")
            try one.axis(SDL_CONTROLLER_AXIS_LEFTX, 0)
            try two.axis(SDL_CONTROLLER_AXIS_LEFTX, 0)
            h.frame()
            one.detach()
            h.frame()
            #expect(h.app.input.held.count == 1 && h.app.input.seating.player(of: .pad(two.instance)) == 1)
            #expect(h.sdl.padInstances == [two.instance])
            two.detach()
            h.frame()
        }

        @Test("Left stick tilts, right stick and shoulders turn, A held lifts the pen")
        func drawWithPad() throws {
            let h = try SDLHarness()
            let pad = try VirtualPad()
            h.frame()
            try #require(h.app.padName != nil)
            h.startDrawing()
            let session = try #require(h.session)
            let x0 = session.marbles[0].ball.position.x

            try VirtualPad.axis(h, SDL_CONTROLLER_AXIS_LEFTX, Int16.max)
            h.frames(30)
            #expect(h.app.input.padState(player: 0)?.leftX == 1)
            #expect(session.marbles[0].ball.position.x > x0 + 5)
            try VirtualPad.axis(h, SDL_CONTROLLER_AXIS_LEFTX, 0)

            // Right stick full right: 120°/s clockwise, for 30 frames of 1/60 s.
            let heading0 = session.marbles[0].heading
            try VirtualPad.axis(h, SDL_CONTROLLER_AXIS_RIGHTX, Int16.max)
            h.frames(30)
            try VirtualPad.axis(h, SDL_CONTROLLER_AXIS_RIGHTX, 0)
            h.frame()
            #expect(abs(session.marbles[0].heading - (heading0 + 60)) < 1e-6)

            // Left shoulder: counter-clockwise.
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_LEFTSHOULDER, true)
            h.frames(15)
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_LEFTSHOULDER, false)
            h.frame()
            #expect(abs(session.marbles[0].heading - (heading0 + 30)) < 1e-6)

            #expect(session.marbles[0].penDown)
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_A, true)
            h.frames(3)
            #expect(!session.marbles[0].penDown, "A held lifts the pen")
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_A, false)
            h.frames(3)
            #expect(session.marbles[0].penDown)
            pad.detach()
        }

        @Test("Unplugging mid-drawing pauses; plugging in again is picked up")
        func unplugMidDrawing() throws {
            let h = try SDLHarness()
            let pad = try VirtualPad()
            h.frame()
            let name = try #require(h.app.padName)
            h.startDrawing()
            h.frames(5)
            pad.detach()
            h.frame()
            #expect(h.app.paused == .padRemoved)
            #expect(h.app.padName == nil)
            #expect(h.sdl.pads.open.isEmpty)

            let again = try VirtualPad()
            h.frame()
            #expect(h.app.padName == name)
            #expect(!h.sdl.pads.open.isEmpty)
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_A, true)
            h.frame()
            #expect(h.app.paused == nil, "A on Go on resumes")
            again.detach()
        }

        @Test("A pad plugged in before the window opens is announced to the app")
        func padAtStart() throws {
            var pad: VirtualPad?
            let h = try SDLHarness {
                #expect(SDL_InitSubSystem(MARBLE_INIT_GAMECONTROLLER) == 0)
                pad = try VirtualPad()
            }
            #expect(!h.sdl.pads.open.isEmpty, "the platform opened it")
            h.frame()
            #expect(h.app.padName != nil, "and the app heard of it")
            #expect(h.app.input.padState != nil)
            h.startDrawing()
            let session = try #require(h.session)
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_A, true)
            h.frames(3)
            #expect(!session.marbles[0].penDown, "A lifts the pen from the start")
            pad?.detach()
        }

        @Test("When the pad in use goes and another is plugged in, the other takes over at rest")
        func takeover() throws {
            let h = try SDLHarness()
            let first = try VirtualPad()
            h.frame()
            let second = try VirtualPad()
            h.frame()
            let firstInstance = h.sdl.padInstances.first
            h.startDrawing()
            let session = try #require(h.session)
            try VirtualPad.axis(h, SDL_CONTROLLER_AXIS_LEFTX, Int16.max)
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_A, true)
            h.frames(20)
            #expect(!session.marbles[0].penDown)

            first.detach()
            h.frame()
            #expect(h.sdl.padInstances.count == 1 && h.sdl.padInstances.first != firstInstance, "the second pad is in use")
            #expect(h.app.padName != nil)
            #expect(h.app.paused == nil, "another pad took over: no pause")
            #expect(h.app.input.padState(player: 0) == PadState(), "the new pad's sticks and buttons are at rest")
            h.frames(3)
            #expect(session.marbles[0].penDown, "A on the unplugged pad no longer lifts the pen")
            second.detach()
        }
    }
}

extension SDLTests {
    /// A pad whose ids have motion opening without sensors: a second on, the platform looks
    /// again, says on stderr which node and the fix, and the app shows it; the sticks go on.
    @Suite("Blocked motion")
    struct BlockedMotion {
        @Test("A DualShock 4 without sensors: the node named on stderr, the pad marked, Setup shows it")
        func blockedPad() throws {
            let h = try SDLHarness()
            let root = try TempFolder("hidraw")
            try FileManager.default.createDirectory(atPath: root.path("sys/hidraw2/device"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root.path("dev"), withIntermediateDirectories: true)
            try root.write("HID_ID=0003:0000054C:000005C4\n", to: "sys/hidraw2/device/uevent")
            try root.write("", to: "dev/hidraw2")
            h.sdl.hidrawRoots = (root.path("sys"), root.path("dev"))
            var warned: [String] = []
            h.sdl.warn = { warned.append($0) }
            var desc = SDL_VirtualJoystickDesc()
            desc.version = 1
            desc.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
            desc.naxes = 6
            desc.nbuttons = 15
            desc.vendor_id = 0x054C
            desc.product_id = 0x05C4
            let index = SDL_JoystickAttachVirtualEx(&desc)
            try #require(index >= 0, "\(String(cString: SDL_GetError()))")
            let instance = SDL_JoystickGetDeviceInstanceID(index)
            defer {
                if let i = (0..<SDL_NumJoysticks()).first(where: { SDL_JoystickGetDeviceInstanceID($0) == instance }) {
                    SDL_JoystickDetachVirtual(i)
                }
            }
            h.frame()
            #expect(h.app.padName != nil)
            #expect(h.app.input.firstPad?.motionBlocked == false)
            let deadline = Date().addingTimeInterval(3)
            while h.app.input.firstPad?.motionBlocked != true && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
                h.frame()
            }
            #expect(h.app.input.firstPad?.motionBlocked == true)
            #expect(warned.contains { $0.contains(root.path("dev/hidraw2")) && $0.contains("install-udev") }, "\(warned)")
            h.tap(SDLK_n)
            let scene = h.app.scene(width: 1280, height: 800)
            #expect(scene.texts.contains { $0.contains("tilt is blocked") }, "\(scene.texts)")
            #expect(scene.layers.flatMap(\.elements).contains { if case .icon(.tiltBlocked, _, _) = $0 { return true } else { return false } })
        }
    }
}
