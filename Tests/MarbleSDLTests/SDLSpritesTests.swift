import CSDL2
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// The balls and the players' rings as sprites: drawn where they belong, in their colours,
    /// anti-aliased, and kept few while a ball's colour changes every frame.
    @Suite("Sprites")
    struct SpritesTests {
        static let background = RGBA8(40, 40, 40)

        static func pixel(_ h: SDLHarness, _ x: Int, _ y: Int) -> RGBA8 {
            let w = CanvasTexture.window(h, width: 320, height: 200)
            let i = (y * 320 + x) * 4
            return RGBA8(w[i], w[i + 1], w[i + 2], w[i + 3])
        }

        static func scene(_ elements: [Element]) -> Scene {
            Scene(layers: [Layer(elements: [.box(Rect(x: 0, y: 0, w: 320, h: 200), background, radius: 0)] + elements)])
        }

        @Test("A ball shows its paint at the centre, a dark rim at its radius, an eased edge and its shadow below right")
        func ballLooks() throws {
            let h = try SDLHarness(width: 320, height: 200)
            let red = RGBA8(220, 20, 30)
            h.sdl.draw(Self.scene([.ball(center: Point(100, 100), radius: 20, color: red, penDown: true)]), canvas: nil)
            #expect(Self.pixel(h, 104, 104) == RGBA8(220, 20, 30, 255), "the body, away from the shine")
            // The rim (30, 30, 40) at 200/255 over the body: darker than both the paint and the background.
            let rim = Self.pixel(h, 120, 100)
            #expect(Int(rim.r) < 90 && rim.g < 60, "the rim at the radius: \(rim)")
            // The shadow: 0.12 r right and 0.18 r down, 70/255 black over the background.
            let shadow = Self.pixel(h, 100, 123)
            #expect(shadow.r < Self.background.r && shadow.r > 20, "the shadow below: \(shadow)")
            #expect(Self.pixel(h, 100, 60) == RGBA8(40, 40, 40, 255), "nothing far above")
            // Anti-aliased: some pixel along the edge lies between the rim and the background.
            let edge = (76...84).map { Self.pixel(h, 100, $0).r }
            #expect(Set(edge).count >= 3, "an eased edge, not a step: \(edge)")
        }

        @Test("With the pen up the ball is white with a band of paint")
        func penUpBall() throws {
            let h = try SDLHarness(width: 320, height: 200)
            h.sdl.draw(Self.scene([.ball(center: Point(100, 100), radius: 20, color: RGBA8(20, 200, 30), penDown: false)]), canvas: nil)
            #expect(Self.pixel(h, 100, 100) == RGBA8(250, 250, 250, 255))
            let band = Self.pixel(h, 117, 100)   // 0.85 r
            #expect(band.g > 150 && band.r < 80, "the band in the paint colour: \(band)")
        }

        @Test("A ring sprite is the colour asked for, at its radius, and clear inside")
        func ring() throws {
            let h = try SDLHarness(width: 320, height: 200)
            h.sdl.draw(Self.scene([.ring(center: Point(200, 100), radius: 30, width: 6, color: RGBA8(230, 159, 0))]), canvas: nil)
            #expect(Self.pixel(h, 230, 100) == RGBA8(230, 159, 0, 255))
            #expect(Self.pixel(h, 200, 100) == RGBA8(40, 40, 40, 255))
            #expect(Self.pixel(h, 200, 140) == RGBA8(40, 40, 40, 255))
        }

        @Test("A ball changing colour every frame reuses its textures: the cache stays at its capacity")
        func cacheStaysSmall() throws {
            let h = try SDLHarness(width: 320, height: 200)
            for frame in 0..<100 {
                let balls: [Element] = (0..<4).map { k in
                    .ball(center: Point(40 + 60 * Double(k), 100), radius: 14,
                          color: HeadingColor.color(heading: Double((frame * 7 + k * 90) % 360)), penDown: true)
                }
                h.sdl.draw(Self.scene(balls), canvas: nil)
            }
            #expect(h.sdl.caches.sprites.balls.entries.count <= h.sdl.caches.sprites.balls.capacity)
            // The last frame's four balls are all kept, each in its colour.
            let last = (0..<4).map { HeadingColor.color(heading: Double((99 * 7 + $0 * 90) % 360)) }
            #expect(last.allSatisfy { c in h.sdl.caches.sprites.balls.entries.keys.contains { $0.color == c } })
            let centre = Self.pixel(h, 44, 104)
            #expect(centre.r == last[0].r && centre.g == last[0].g && centre.b == last[0].b)
        }

        /// Tolerance: one step a channel, the 16.16 fixed point's rounding against Float's.
        @Test("A ball's colour composed eight pixels at a time in fixed point is within one step of the Float sum, a channel a pixel")
        func composeLanes() {
            var rng = SystemRandomNumberGenerator()
            for side in [1, 3, 9, 56] {
                let n = side * side
                // Straight colour and weight as the shape leaves them: base + weight · 255 stays within 255.
                let weight = (0..<n).map { _ in Float.random(in: 0...1, using: &rng) }
                let base = weight.map { w in
                    SIMD4<Float>(Float.random(in: 0...(255 * (1 - w)), using: &rng), Float.random(in: 0...(255 * (1 - w)), using: &rng),
                                 Float.random(in: 0...(255 * (1 - w)), using: &rng), Float.random(in: 0...255, using: &rng))
                }
                let color = RGBA8(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng))
                var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: n)
                Sprites.compose(Sprites.BallShape(side: side, base: base, weight: weight), color: color, into: &pixels)
                for i in 0..<n {
                    let paint = SIMD3<Float>(Float(color.r), Float(color.g), Float(color.b))
                    let c = SIMD3(base[i].x, base[i].y, base[i].z) + weight[i] * paint + 0.5
                    let expected = [base[i].w + 0.5, c.x, c.y, c.z].map { Int($0) }
                    let got = [24, 16, 8, 0].map { Int(pixels[i] >> UInt32($0) & 0xFF) }
                    #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "side \(side), pixel \(i): \(got) against \(expected)")
                }
            }
        }
    }
}
