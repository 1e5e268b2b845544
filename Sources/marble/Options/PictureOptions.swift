import ArgumentParser
import Foundation
import MarbleApp
import MarbleKit
import MarblePictures

/// `--over FILE`: paint over a picture (a photo), fitted whole to the canvas.
struct PictureOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Paint over this picture (PNG, JPEG or WebP; a JPEG's EXIF orientation honoured), "
                               + "fitted whole to the canvas, the bars in the paper's colour.", valueName: "FILE"))
    var over: String?

    @Flag(help: "With --over: the picture is a colouring page; its dark lines stay on top of the paint.")
    var page = false

    /// The board for a canvas of `configuration`, or nil without `--over`; a picture that cannot
    /// be read is named on stderr (through `say`) and exits 66 when missing, 65 otherwise.
    func board(for configuration: SessionConfiguration, say: (String) -> Void = { printError($0) }) throws -> Board? {
        guard let picture = try picture(atLeast: (configuration.canvasWidth, configuration.canvasHeight), say: say) else { return nil }
        guard let board = picture.board(for: configuration) else {
            say("marble: \(picture.name): the picture decoded to no pixels")
            throw Exit.badData
        }
        return board
    }

    /// The `--over` picture decoded (at least `size` where the format can scale while decoding),
    /// or nil without `--over`; exits as `board` does.
    func picture(atLeast size: (width: Int, height: Int), say: (String) -> Void = { printError($0) }) throws -> SetupPicture? {
        guard let over else { return nil }
        guard FileManager.default.fileExists(atPath: over) else {
            say("marble: \(over): no such file")
            throw Exit.inputMissing
        }
        let picture: DecodedPicture
        do {
            picture = try PictureFile.load(path: over, io: Environment.live().io, atLeast: size)
        } catch {
            say("marble: \(error)")
            throw Exit.badData
        }
        return SetupPicture(name: (over as NSString).lastPathComponent, width: picture.width, height: picture.height,
                            rgba: picture.rgba, kind: page ? .page : .photo)
    }
}
