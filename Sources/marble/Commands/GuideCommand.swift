import ArgumentParser
import MarbleKit

/// `marble guide`: a trace shape's dotted guide as a picture, as the window shows it over a canvas.
struct GuideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guide",
        abstract: "Draw a trace shape's dotted guide to a PNG (the window shows it over the canvas, never in it).",
        discussion: """
            The guide is centred and sized from 0.3 * min(W, H): the circle's radius is exactly that, \
            and every shape fits the same square of side 2 * 0.3 * min(W, H).

            Example:
              marble guide star --png star.png --size 640x400
            """)

    @Argument(help: ArgumentHelp("circle, square, star or heart.", valueName: "SHAPE"))
    var shape: TraceShape

    @Option(help: ArgumentHelp("The PNG file to write.", valueName: "OUT.png"))
    var png: String

    @Option(help: ArgumentHelp("Canvas size in pixels, WIDTHxHEIGHT.", valueName: "WxH"))
    var size = CanvasSize(width: 1280, height: 800)

    /// The dots' colour: the window's guide, drawn opaque.
    static let color = RGBA8(120, 128, 160)

    func run() throws {
        let canvas = Canvas(width: size.width, height: size.height)
        let guide = TraceGuide(shape, width: canvas.width, height: canvas.height)
        for p in guide.dots {
            var pen = Canvas.Pen()
            canvas.beginStroke(at: p, color: Self.color, width: TraceGuide.dotDiameter, pen: &pen)
            canvas.endStroke(pen: &pen)
        }
        try writePicture(canvas, to: png, io: Environment.live().io)
        print("\(shape.rawValue): \(guide.dots.count) dots, \(String(format: "%.0f", guide.length)) px round, in a \(size.width)x\(size.height) canvas: \(png)")
    }
}
