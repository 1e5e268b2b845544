import CSDL2
import Foundation
import MarbleApp
import MarbleKit

extension SDLPlatform {
    /// Draws a scene: the background, then each layer's shapes and buttons in order.
    func draw(_ scene: Scene, canvas: Canvas?) {
        // The texture follows the canvas every frame, shown or not, so no change is ever missed.
        if let canvas { canvasLayer.texture.sync(canvas, renderer: renderer) }
        canvasLayer.damage.beginFrame()
        let (width, height) = size
        // An opaque canvas drawn first hides the background under it: clearing there would
        // only be overwritten (a whole-window fill per frame for the software renderer). Round
        // a canvas letterboxed between the players' edges, only the margins are filled.
        let first = firstCanvas(scene)
        let covering = canvas != nil && canvasLayer.texture.isOpaque && first != nil
        let bg = scene.background
        SDL_SetRenderDrawColor(renderer, bg.r, bg.g, bg.b, 255)
        if !covering {
            SDL_RenderClear(renderer)
        } else if let c = first, !(c.x <= 0 && c.y <= 0 && Double(c.x + c.w) >= width && Double(c.y + c.h) >= height) {
            let (w, h) = (Int32(width.rounded()), Int32(height.rounded()))
            var margins = [SDL_Rect(x: 0, y: 0, w: w, h: max(c.y, 0)), SDL_Rect(x: 0, y: c.y + c.h, w: w, h: max(h - c.y - c.h, 0)),
                           SDL_Rect(x: 0, y: c.y, w: max(c.x, 0), h: c.h), SDL_Rect(x: c.x + c.w, y: c.y, w: max(w - c.x - c.w, 0), h: c.h)]
            // Unblended: the background is opaque, and SDL's software renderer blends a fill
            // pixel by pixel even at full alpha (the margins of four players' window are 300,000 pixels).
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            SDL_RenderFillRects(renderer, &margins, Int32(margins.count))
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        }
        let u = Layout(width: width, height: height).u
        var shapes = Shapes()
        for (n, layer) in scene.layers.enumerated() {
            let texts = fittedTexts(layer.elements, buttons: layer.buttons, u: u)
            for (k, element) in layer.elements.enumerated() {
                if case .canvas(let r) = element {
                    shapes.flush(renderer)
                    drawCanvas(into: sdlRect(r), covering: covering && n == 0 && k == 0)
                    continue
                }
                if case .text(_, _, _, let c, _, _) = element, let spot = texts[k] {
                    shapes.flush(renderer)
                    drawText(spot, color: c)
                    canvasLayer.damage.note(shapes.takeBounds())
                    continue
                }
                draw(element, u: u, shapes: &shapes)
                canvasLayer.damage.note(shapes.takeBounds())
            }
            let top = n == scene.layers.count - 1
            for (i, button) in layer.buttons.enumerated() {
                drawCached(button, focused: top && scene.focus == i, u: u, shapes: &shapes)
                canvasLayer.damage.note(shapes.takeBounds())
            }
        }
        let overlayTexts = fittedTexts(scene.overlay, buttons: [], u: u)
        for (k, element) in scene.overlay.enumerated() {
            if case .text(_, _, _, let c, _, _) = element, let spot = overlayTexts[k] {
                shapes.flush(renderer)
                drawText(spot, color: c)
                continue
            }
            draw(element, u: u, shapes: &shapes)
            canvasLayer.damage.note(shapes.takeBounds())
        }
        shapes.flush(renderer)
        caches.text.endFrame()
        caches.sprites.endFrame()
        buttonCache.endFrame()
    }

    /// Where the canvas is when it is the scene's first element (drawn before anything else).
    func firstCanvas(_ scene: Scene) -> SDL_Rect? {
        guard case .canvas(let r)? = scene.layers.first?.elements.first else { return nil }
        return sdlRect(r)
    }

    func draw(_ element: Element, u: Double, shapes: inout Shapes) {
        switch element {
        case .box(let r, let c, let radius):
            shapes.roundedRect(r, radius: radius, c)
        case .text(let s, let p, let size, let c, let align, let maxWidth):
            shapes.flush(renderer)
            drawText(s, at: p, px: Int((Double(size.rawValue) * u).rounded()), color: c, align: align, maxWidth: maxWidth)
        case .canvas(let r):
            shapes.flush(renderer)
            drawCanvas(into: sdlRect(r), covering: false)
        case .ball(let center, let radius, let color, let penDown):
            shapes.flush(renderer)
            canvasLayer.damage.note(caches.sprites.ball(center, radius, color, penDown: penDown, renderer: renderer))
        case .eraserBall(let center, let radius):
            shapes.circle(Point(center.x + radius * 0.12, center.y + radius * 0.18), radius, RGBA8(0, 0, 0, 70))
            shapes.circle(center, radius, RGBA8(255, 255, 255))
            // Twelve dashes round the rim: the eraser at a glance.
            for k in 0..<12 {
                let a = Double(k) * .pi / 6
                shapes.ring(center, radius, width: max(2, radius * 0.16), RGBA8(30, 30, 40, 230), from: a, to: a + .pi / 10)
            }
        case .ring(let center, let radius, let width, let color):
            shapes.flush(renderer)
            canvasLayer.damage.note(caches.sprites.ring(center, radius, width: width, color, renderer: renderer))
        case .heading(let center, let radius, let degrees, let color):
            // The see-through white behind the dial as a sprite: SDL's software renderer blends
            // a triangle through a surface of its own, and this disc is the same every frame.
            shapes.flush(renderer)
            let back = (radius + 3 * u) / 2
            canvasLayer.damage.note(caches.sprites.ring(center, back, width: 2 * back, RGBA8(255, 255, 255, 230), renderer: renderer))
            shapes.circle(center, radius, color)
            let a = degrees * .pi / 180
            let tip = Point(center.x + sin(a) * radius * 0.8, center.y - cos(a) * radius * 0.8)
            let left = Point(center.x + sin(a - 2.5) * radius * 0.45, center.y - cos(a - 2.5) * radius * 0.45)
            let right = Point(center.x + sin(a + 2.5) * radius * 0.45, center.y - cos(a + 2.5) * radius * 0.45)
            shapes.polygon([tip, right, center, left], RGBA8(255, 255, 255))
        case .icon(let icon, let r, let c):
            shapes.icon(icon, in: r, c)
        case .picture(let path, let r):
            shapes.flush(renderer)
            drawPicture(path, in: r)
        case .dots(let points, let radius, let c):
            for p in points { shapes.circle(p, radius, c) }
        case .qr(let code, _, let r):
            shapes.flush(renderer)
            canvasLayer.damage.note(drawQR(code, in: r))
        case .tiltPad(let r, let tilt, let pulse):
            drawTiltPad(r, tilt: tilt, pulse: pulse, u: u, shapes: &shapes)
        case .pulse(let r, let amount):
            drawPulse(r, amount: amount, u: u, shapes: &shapes)
        }
    }

    func draw(_ b: Button, focused: Bool, u: Double, shapes: inout Shapes) {
        let radius = 18 * u
        if focused {
            shapes.roundedRect(b.rect.inset(-7 * u), radius: radius + 7 * u, Palette.focus)
        }
        let g = ButtonGeometry(b, u: u, measure: { self.caches.text.measure($0, size: $1) })
        let body = g.body
        var fill = b.color
        if g.isToggle && !g.chosen { fill = mix(fill, Palette.backdrop, 0.55) }
        if g.isToggle && g.chosen { shapes.roundedRect(b.rect, radius: radius, RGBA8(255, 255, 255)) }
        shapes.roundedRect(body, radius: radius, fill)
        let iconBox = g.iconBox
        let side = min(iconBox.w, iconBox.h) * 0.78
        let iconRect = Rect(x: iconBox.center.x - side / 2, y: iconBox.center.y - side / 2, w: side, h: side)
        if let path = b.picture, let pic = pictures.texture(path, files: options.files, renderer: renderer) {
            shapes.flush(renderer)
            let area = Rect(x: body.x + 8 * u, y: body.y + 8 * u, w: body.w - 16 * u, h: body.h - (g.hasLabel ? 52 : 16) * u)
            let fitted = area.fitting(width: Double(pic.width), height: Double(pic.height))
            var dst = sdlRect(fitted)
            canvasLayer.damage.note(dst)
            SDL_RenderCopy(renderer, pic.texture, nil, &dst)
            let badge = Rect(x: fitted.maxX - 44 * u, y: fitted.maxY - 44 * u, w: 36 * u, h: 36 * u)
            shapes.circle(badge.center, 24 * u, RGBA8(0, 0, 0, 140))
            if let icon = b.icon { shapes.icon(icon, in: badge.inset(6 * u), Palette.text) }
        } else if let icon = b.icon {
            shapes.icon(icon, in: iconRect, Palette.text)
        }
        if g.isToggle && g.chosen {
            // In the corner, and smaller on a small button, so that its icon still shows.
            let r = min(16 * u, body.w * 0.16)
            let badge = Point(body.maxX - 1.375 * r, body.y + 1.375 * r)
            shapes.circle(badge, r, Palette.focus)
            shapes.icon(.check, in: Rect(x: badge.x - 0.69 * r, y: badge.y - 0.69 * r, w: 1.38 * r, h: 1.38 * r), Palette.backdrop)
        }
        shapes.flush(renderer)
        // A button's texts keep to its body (their spots' widths), drawn where it is drawn: in
        // its cached texture the window's edges are not where they seem.
        if let label = g.label { drawText(label, color: Palette.text) }
        if let key = g.key { drawText(key, color: RGBA8(255, 255, 255, 190)) }
    }

    func drawText(_ s: String, at p: Point, px: Int, color: RGBA8, align: TextAlign, maxWidth: Double? = nil) {
        drawText(TextSpot(text: s, at: p, px: px, align: align, maxWidth: maxWidth), color: color)
    }

    /// Draws `spot` as `placement` places it.
    func drawText(_ spot: TextSpot, color: RGBA8) {
        var textures: [TextCache.Entry] = []
        for line in spot.drawnLines {
            guard let e = caches.text.texture(line, size: max(8, spot.px), color: color, renderer: renderer) else { return }
            textures.append(e)
        }
        let placed = Self.place(spot, sizes: textures.map { (Double($0.width), Double($0.height)) })
        for (line, e) in zip(placed.lines, textures) {
            var dst = sdlRect(line.rect)
            canvasLayer.damage.note(dst)
            SDL_RenderCopy(renderer, e.texture, nil, &dst)
        }
    }

    func drawPicture(_ path: String, in r: Rect) {
        guard let pic = pictures.texture(path, files: options.files, renderer: renderer) else { return }
        var dst = sdlRect(r.fitting(width: Double(pic.width), height: Double(pic.height)))
        canvasLayer.damage.note(dst)
        SDL_RenderCopy(renderer, pic.texture, nil, &dst)
    }

    func sdlRect(_ r: Rect) -> SDL_Rect {
        let x = r.x.rounded(), y = r.y.rounded()
        return SDL_Rect(x: Int32(x), y: Int32(y), w: Int32((r.maxX.rounded() - x)), h: Int32((r.maxY.rounded() - y)))
    }

    func mix(_ a: RGBA8, _ b: RGBA8, _ f: Double) -> RGBA8 {
        func m(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - f) + Double(y) * f).rounded()) }
        return RGBA8(m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), a.a)
    }
}
