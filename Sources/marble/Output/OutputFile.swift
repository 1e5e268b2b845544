import ArgumentParser
import MarbleKit
import MarblePNG

/// A canvas as PNG bytes; exits 74 when it cannot be encoded (saying why through `say`, else on stderr).
func pictureBytes(_ canvas: Canvas, for path: String, say: (String) -> Void = { printError($0) }) throws -> [UInt8] {
    do {
        return try canvas.withPixelBytes { try PNGImage.encode(rgba: $0, width: canvas.width, height: canvas.height) }
    } catch {
        say("marble: \(path): \(error)")
        throw Exit.ioError
    }
}

/// Writes a file atomically through `io` (the environment's); exits 73 when it cannot be created,
/// 74 on I/O errors (saying why through `say`, else on stderr).
func writeOutput(_ bytes: [UInt8], to path: String, io: FileIO, say: (String) -> Void = { printError($0) }) throws {
    do {
        try AtomicFile.write(bytes, to: path, io: io)
    } catch {
        say("marble: cannot write \(error)")
        throw error.cannotCreate ? Exit.cannotCreate : Exit.ioError
    }
}

/// Writes a canvas to a PNG file atomically through `io`.
func writePicture(_ canvas: Canvas, to path: String, io: FileIO, say: (String) -> Void = { printError($0) }) throws {
    try writeOutput(pictureBytes(canvas, for: path, say: say), to: path, io: io, say: say)
}
