import ArgumentParser
import Foundation
import MarbleKit
import MarblePictures

/// `--over FILE`: paint over a picture (a photo), fitted whole to the canvas.
struct PictureOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Paint over this picture (PNG, JPEG or WebP; a JPEG's EXIF orientation honoured), "
                               + "fitted whole to the canvas, the bars in the paper's colour.", valueName: "FILE"))
    var over: String?

    /// The board for a canvas of `configuration`, or nil without `--over`; a picture that cannot
    /// be read is named on stderr (through `say`) and exits 66 when missing, 65 otherwise.
    func board(for configuration: SessionConfiguration, say: (String) -> Void = { printError($0) }) throws -> Board? {
        guard let over else { return nil }
        let size = (width: configuration.canvasWidth, height: configuration.canvasHeight)
        guard FileManager.default.fileExists(atPath: over) else {
            say("marble: \(over): no such file")
            throw Exit.inputMissing
        }
        let picture: DecodedPicture
        do {
            picture = try PictureFile.load(path: over, atLeast: size)
        } catch {
            say("marble: \(error)")
            throw Exit.badData
        }
        guard let board = Board.fitting(picture.rgba, width: picture.width, height: picture.height,
                                        canvasWidth: size.width, canvasHeight: size.height,
                                        background: configuration.background, kind: .photo) else {
            say("marble: \(over): the picture decoded to no pixels")
            throw Exit.badData
        }
        return board
    }
}
