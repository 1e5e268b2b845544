import CSDL2
import Testing
@testable import MarbleSDL

extension SDLTests {
    /// The canvas's upload converts rows itself for the windows' two formats: the same bytes
    /// as `SDL_ConvertPixels`.
    @Suite("Row conversion")
    struct RowConversionTests {
        /// Converts a 13 × 7 patch (rows padded apart, as a canvas's and a texture's are) both
        /// ways, for every pixel value the patch holds; the two results' bytes.
        static func both(_ format: UInt32, seed: UInt64) -> (ours: [UInt8], sdl: [UInt8], converted: Bool) {
            let (w, h, sourcePitch, targetPitch) = (13, 7, 17 * 4, 15 * 4)
            var state = seed
            let source: [UInt32] = (0..<(sourcePitch / 4 * h)).map { _ in
                // SplitMix64: every bit pattern likely, alphas 0 and 255 among them.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return UInt32(truncatingIfNeeded: z ^ (z >> 31))
            }
            var ours = [UInt8](repeating: 0xAB, count: targetPitch * h), sdl = ours
            let converted = source.withUnsafeBytes { src in
                ours.withUnsafeMutableBytes {
                    RowConversion.convert(width: w, height: h, from: src.baseAddress!, pitch: sourcePitch,
                                          to: $0.baseAddress!, pitch: targetPitch, format: format)
                }
            }
            _ = source.withUnsafeBytes { src in
                sdl.withUnsafeMutableBytes {
                    SDL_ConvertPixels(Int32(w), Int32(h), SDL_PIXELFORMAT_RGBA32.rawValue, src.baseAddress, Int32(sourcePitch),
                                      format, $0.baseAddress, Int32(targetPitch))
                }
            }
            return (ours, sdl, converted)
        }

        @Test("XRGB8888 and ARGB8888: the bytes SDL_ConvertPixels writes (XRGB8888's unused byte left as it was), and none past each row", arguments: [
            SDL_PIXELFORMAT_RGB888.rawValue, SDL_PIXELFORMAT_ARGB8888.rawValue,
        ])
        func sameAsSDL(_ format: UInt32) {
            for seed: UInt64 in [1, 2, 3] {
                let r = Self.both(format, seed: seed)
                #expect(r.converted)
                #expect(r.ours == r.sdl, "format \(format), seed \(seed)")
            }
        }

        @Test("Any other format is left to SDL: nothing written")
        func otherFormats() {
            let r = Self.both(SDL_PIXELFORMAT_BGR888.rawValue, seed: 4)
            #expect(!r.converted)
            #expect(r.ours.allSatisfy { $0 == 0xAB })
        }
    }
}
