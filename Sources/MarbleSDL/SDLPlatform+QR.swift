import CSDL2
import MarbleApp
import MarbleKit

extension SDLPlatform {
    /// A QR code as big as fits in `r`: white with its quiet zone of four modules, the dark
    /// modules black, each module a whole number of pixels (crisp for a camera), centred.
    /// Returns the pixels it covered.
    func drawQR(_ code: QRMatrix, in r: Rect) -> SDL_Rect? {
        let side = code.size + 8
        let px = Int(min(r.w, r.h).rounded(.down)) / side
        guard px >= 1 else { return nil }
        let total = px * side
        let x0 = Int((r.x + (r.w - Double(total)) / 2).rounded(.down)), y0 = Int((r.y + (r.h - Double(total)) / 2).rounded(.down))
        var whole = SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(total), h: Int32(total))
        SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255)
        SDL_RenderFillRect(renderer, &whole)
        // Each row's runs of dark modules as one rectangle.
        var dark: [SDL_Rect] = []
        for y in 0..<code.size {
            var x = 0
            while x < code.size {
                guard code.isDark(x, y) else { x += 1; continue }
                let start = x
                while x < code.size && code.isDark(x, y) { x += 1 }
                dark.append(SDL_Rect(x: Int32(x0 + (start + 4) * px), y: Int32(y0 + (y + 4) * px), w: Int32((x - start) * px), h: Int32(px)))
            }
        }
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        if !dark.isEmpty { SDL_RenderFillRects(renderer, &dark, Int32(dark.count)) }
        return whole
    }
}
