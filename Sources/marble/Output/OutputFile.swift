import ArgumentParser
import MarbleKit
import MarblePNG

/// A canvas as PNG bytes; exits 74 when it cannot be encoded.
func pictureBytes(_ canvas: Canvas, for path: String) throws -> [UInt8] {
    do {
        return try canvas.withPixelBytes { try PNGImage.encode(rgba: $0, width: canvas.width, height: canvas.height) }
    } catch {
        complain("\(path): \(error)")
        throw Exit.ioError
    }
}

/// Writes a file atomically; exits 73 when it cannot be created, 74 on I/O errors.
func writeOutput(_ bytes: [UInt8], to path: String) throws {
    do {
        try AtomicFile.write(bytes, to: path)
    } catch {
        complain("cannot write \(error)")
        throw error.cannotCreate ? Exit.cannotCreate : Exit.ioError
    }
}

/// Writes a canvas to a PNG file atomically.
func writePicture(_ canvas: Canvas, to path: String) throws {
    try writeOutput(pictureBytes(canvas, for: path), to: path)
}
