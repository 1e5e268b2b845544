import MarblePictures

/// Fuzzes the picture decoders behind painting over a photo (`PictureFile.decode`): PNG, JPEG
/// and WebP bytes from anywhere, through libpng, libjpeg-turbo and libwebp, and our EXIF reader.
///
/// Any bytes give an upright RGBA8 picture within the pixel limit, or a `PictureError` that
/// names the input. A JPEG decoded with a size hint is at most its full size and at least the
/// hint (or the full size, when the hint is bigger).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    // 4 MP: the same checks as at 100 MP, and every run stays quick.
    let maxPixels = 1 << 22
    // The hint from the input's last byte, so the scaled decoders run too: none, or up to 192×127.
    let hint: (width: Int, height: Int)? = bytes.last.flatMap { $0 < 64 ? nil : (Int($0) - 63, Int($0) / 2) }
    let picture: DecodedPicture
    do {
        picture = try PictureFile.decode(bytes: bytes, name: "input", atLeast: hint, maxPixels: maxPixels)
    } catch {
        guard error.file == "input", error.description.hasPrefix("input") else { FuzzInput.fail("an error that does not name its file: \(error)") }
        return 0
    }
    guard picture.width > 0, picture.height > 0, picture.width * picture.height <= maxPixels,
          picture.rgba.count == picture.width * picture.height * 4 else {
        FuzzInput.fail("a \(picture.width)×\(picture.height) picture of \(picture.rgba.count) bytes")
    }
    if picture.format == .jpeg, let hint, let full = try? PictureFile.decode(bytes: bytes, name: "input", maxPixels: maxPixels) {
        guard picture.width <= full.width, picture.height <= full.height,
              picture.width >= min(hint.width, full.width), picture.height >= min(hint.height, full.height) else {
            FuzzInput.fail("hint \(hint) on \(full.width)×\(full.height) gave \(picture.width)×\(picture.height)")
        }
    }
    return 0
}
