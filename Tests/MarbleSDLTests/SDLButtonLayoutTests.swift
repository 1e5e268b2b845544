import CSDL2
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// Where a button's icon and label go.
    @Suite("Button layout")
    struct ButtonLayoutTests {
        /// The columns of the window, left to right, holding a light pixel (the icon's or the
        /// label's white) inside `rect`.
        static func lightColumns(_ pixels: [UInt8], width: Int, in rect: SDL_Rect) -> [Bool] {
            (Int(rect.x)..<Int(rect.x + rect.w)).map { x in
                (Int(rect.y)..<Int(rect.y + rect.h)).contains { y in
                    let i = (y * width + x) * 4
                    return pixels[i] > 200 && pixels[i + 1] > 200 && pixels[i + 2] > 200
                }
            }
        }

        @Test("A low, wide button (the Phone screen's Let go) has its icon at its left and its label beside it, apart")
        func lowWideButtonInARow() throws {
            // At 1280×800 the layout unit is one pixel.
            let h = try SDLHarness(width: 1280, height: 800)
            let button = Button(.letGoPage(0), icon: .cross, label: "Let go", rect: Rect(x: 20, y: 20, w: 190, h: 60), color: Palette.neutral)
            h.sdl.draw(Scene(background: Palette.backdrop, layers: [Layer(elements: [], buttons: [button])]), canvas: nil)
            let pixels = CanvasTexture.window(h, width: 1280, height: 800)
            let columns = Self.lightColumns(pixels, width: 1280, in: SDL_Rect(x: 20, y: 20, w: 190, h: 60))
            // Runs of light columns: the icon's, then the label's letters, with a gap between.
            var runs: [Range<Int>] = []
            for (x, light) in columns.enumerated() where light {
                if let last = runs.last, last.upperBound == x { runs[runs.count - 1] = last.lowerBound..<(x + 1) } else { runs.append(x..<(x + 1)) }
            }
            #expect(runs.count >= 3, "the icon and the label's letters: \(runs)")
            guard let icon = runs.first, runs.count > 1 else { return }
            // The icon fills its box of 0.7 × 60 px from 10 px in; the label starts clear of it.
            #expect(icon.lowerBound >= 10 && icon.upperBound <= 10 + 42, "the icon at the left: \(icon)")
            #expect(runs[1].lowerBound >= icon.upperBound + 8, "the label clear of the icon: \(runs.prefix(3))")
            // Nothing light above or below the label's line but the icon: the label is not under it.
            let iconRows = (20..<80).filter { y in (20 + icon.lowerBound..<20 + icon.upperBound).contains { x in pixels[(y * 1280 + x) * 4] > 200 } }
            #expect(!iconRows.isEmpty && iconRows.first! > 25 && iconRows.last! < 75, "the icon within the button's height: \(iconRows.first ?? -1)…\(iconRows.last ?? -1)")
        }

        @Test("The Phone screen's player buttons each show their phone large enough to see, chosen or not")
        func phoneScreenPlayerButtons() throws {
            // At 1280×800 the layout unit is one pixel.
            let h = try SDLHarness(width: 1280, height: 800)
            let scene = PhoneScreen.browserScene(PhoneScreen.BrowserView(player: 0), Layout(width: 1280, height: 800))
            h.sdl.canvasLayer.damage.forget()
            h.sdl.draw(scene, canvas: nil)
            let pixels = CanvasTexture.window(h, width: 1280, height: 800)
            let players = scene.layers.flatMap(\.buttons).filter { if case .choosePagePlayer = $0.action { true } else { false } }
            #expect(players.count == SessionConfiguration.maxMarbles)
            for b in players {
                // The rows with white in the button's middle strip, from below its key hint down: the
                // first unbroken run of them is the icon (the label's line comes after a gap).
                let (cx, top) = (Int(b.rect.center.x), Int(b.rect.y) + 20)
                let light = (top..<Int(b.rect.y + b.rect.h)).map { y in
                    (cx - 12...cx + 12).contains { x in (0..<3).allSatisfy { pixels[(y * 1280 + x) * 4 + $0] > 200 } }
                }
                guard let first = light.firstIndex(of: true) else {
                    Issue.record("no icon or label on \(b.label)")
                    continue
                }
                let run = light[first...].prefix { $0 }.count
                // 16 px at least: a phone drawn here is 19 px tall chosen and 25 px not; the one ball
                // of `.marbles(1)` these buttons showed before was a dot 9 to 13 px across.
                #expect(run >= 16, "\(b.label)\(b.selected == true ? " (chosen)" : ""): its icon is \(run) px tall")
            }
        }

        @Test("Setup's row of six (the ball, then one to four marbles) shows each picture at full size, chosen or not",
              arguments: [1, 2, 4])
        func setupRowPictures(marbles: Int) throws {
            // At 1280×800 the layout unit is one pixel.
            let h = try SDLHarness(width: 1280, height: 800)
            var choice = SetupChoice()
            choice.marbles = marbles
            let scene = SetupScreen.scene(choice, Layout(width: 1280, height: 800))
            h.sdl.canvasLayer.damage.forget()
            h.sdl.draw(scene, canvas: nil)
            let pixels = CanvasTexture.window(h, width: 1280, height: 800)
            let row = scene.layers.flatMap(\.buttons).filter {
                switch $0.action {
                case .chooseMode, .chooseMarbles: true
                default: false
                }
            }
            #expect(row.count == 6)
            for b in row {
                // The white of the picture: inside a chosen button's white frame, above the
                // label's line and left of the corner that holds the hint or the chosen check.
                let (x0, x1) = (Int(b.rect.x) + 24, Int(b.rect.maxX) - 44)
                let rows = (Int(b.rect.y) + 8..<Int(b.rect.maxY) - 44).filter { y in
                    (x0..<x1).contains { x in (0..<3).allSatisfy { pixels[(y * 1280 + x) * 4 + $0] > 200 } }
                }
                let tall = (rows.last ?? 0) - (rows.first ?? 0) + (rows.isEmpty ? 0 : 1)
                // On buttons narrower than 160 px the pictures were squeezed under the key hints,
                // 11 to 24 px tall (one marble a dot of 11 or 13 px); at full size, 22 to 41.
                #expect(tall >= 20, "\(b.label)\(b.selected == true ? " (chosen)" : ""): its picture is \(tall) px tall")
            }
        }

        @Test("A small tool button (three or four children) shows its icon clear of its key hint, and its icon when chosen")
        func smallToolButton() throws {
            let h = try SDLHarness(width: 1280, height: 800)
            // 60 × 60, as `toolColumn` makes them for four children: the eraser, and a chosen brush.
            func lightPixels(key: String, selected: Bool, icon: Icon) -> Set<Int> {
                let b = Button(.toggleEraser(player: 0), icon: icon, label: "", rect: Rect(x: 20, y: 20, w: 60, h: 60),
                               color: Palette.button, selected: selected, key: key)
                h.sdl.canvasLayer.damage.forget()
                h.sdl.draw(Scene(background: Palette.backdrop, layers: [Layer(elements: [], buttons: [b])]), canvas: nil)
                let pixels = CanvasTexture.window(h, width: 1280, height: 800)
                return Set((20..<80).flatMap { y in (20..<80).map { y * 1280 + $0 } }.filter { i in
                    (0..<3).allSatisfy { pixels[i * 4 + $0] > 170 }
                })
            }
            // A space for a key places the icon as a key does, with no hint to see.
            let icon = lightPixels(key: " ", selected: false, icon: .eraser)
            let hint = lightPixels(key: "X", selected: false, icon: .eraser).subtracting(icon)
            #expect(icon.count > 100 && hint.count > 20, "icon \(icon.count), hint \(hint.count) light pixels")
            // No pixel of the hint within two pixels of the icon's.
            let near = hint.filter { p in (-2...2).contains { dy in (-2...2).contains { dx in icon.contains(p + dy * 1280 + dx) } } }
            #expect(near.isEmpty, "\(near.count) of the hint's pixels touch the icon")
            // The chosen brush's dot (20 px across, white) still shows beside its check.
            let dot = lightPixels(key: "3", selected: true, icon: .brush(20))
            #expect(dot.count > 150, "the brush's dot shows: \(dot.count) light pixels")
        }
    }
}
