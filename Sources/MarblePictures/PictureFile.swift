import MarbleJPEG
import MarbleKit
import MarblePNG
import MarbleWebP

/// A decoded picture: upright RGBA8, rows top to bottom, no padding.
public struct DecodedPicture: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]
    /// What the file was.
    public var format: PictureFormat

    public init(width: Int, height: Int, rgba: [UInt8], format: PictureFormat) {
        self.width = width
        self.height = height
        self.rgba = rgba
        self.format = format
    }
}

/// Reads a photo or picture file (PNG, JPEG or WebP) into upright RGBA8, safely.
///
/// The format is known by the first bytes; the picture's size is read from its header and
/// refused over the limit before any pixel is decoded or allocated; every failure is a
/// `PictureError` naming the file. No input crashes it (it is fuzzed: `Fuzz/Targets/Pictures.swift`).
public enum PictureFile {
    /// The largest file read, 256 MB: no photo is bigger, and a bigger file is not read whole.
    public static let defaultMaxBytes = 256 << 20

    /// Reads the picture at `path` through `io` (the environment's; MarbleKit's one reader of
    /// whole files, links followed) and decodes it.
    ///
    /// - Parameters:
    ///   - atLeast: the size the picture is wanted at, at least (a canvas it will be fitted
    ///     to). A JPEG decodes at the smallest DCT scale (1/2, 1/4, 1/8…) still at least this
    ///     big in both sides, much faster and in less memory; PNG and WebP come at full size.
    ///   - maxPixels: pictures whose header claims more are refused (100 MP by default).
    ///   - maxBytes: files bigger than this are refused without being read.
    public static func load(path: String, io: FileIO, atLeast: (width: Int, height: Int)? = nil,
                            maxPixels: Int = 100_000_000, maxBytes: Int = defaultMaxBytes) throws(PictureError) -> DecodedPicture {
        try decode(bytes: read(path, io: io, maxBytes: maxBytes), name: path, atLeast: atLeast, maxPixels: maxPixels)
    }

    /// The bytes of the picture file at `path`, read through `io`: a file over `maxBytes` is
    /// refused from its size, without being read.
    static func read(_ path: String, io: FileIO, maxBytes: Int) throws(PictureError) -> [UInt8] {
        do throws(Files.ReadRefusal) {
            return try Files.readWhole(path, followingLinks: true, maxBytes: maxBytes, io: io)
        } catch {
            let problem: PictureError.Problem = switch error {
            case .missing: .unreadable(.system(.notFound))
            // Links are followed: a loop of them is a failure of open(2).
            case .link: .unreadable(.system(.symbolicLink))
            case .notAFile: .notAFile
            case let .tooBig(bytes, maxBytes): .fileTooBig(bytes: bytes, maxBytes: maxBytes)
            case .failed(let failure): .unreadable(failure)
            }
            throw PictureError(file: path, problem: problem)
        }
    }

    /// Decodes a picture file's bytes; `name` is what its errors call it.
    ///
    /// Same as `load` after the file is read (`load` calls it).
    public static func decode(bytes: [UInt8], name: String, atLeast: (width: Int, height: Int)? = nil,
                              maxPixels: Int = 100_000_000) throws(PictureError) -> DecodedPicture {
        guard !bytes.isEmpty else { throw PictureError(file: name, problem: .empty) }
        guard let format = PictureFormat.sniff(bytes) else { throw PictureError(file: name, problem: .notAPicture) }
        func damaged(_ message: String) -> PictureError {
            PictureError(file: name, problem: .damaged(format: format, message: message))
        }
        // The header's size first: refused here, nothing has been decoded or allocated.
        let size: (width: Int, height: Int)
        do {
            switch format {
            case .png: size = try PNGImage.size(of: bytes)
            case .jpeg: size = try JPEGImage.header(bytes).upright
            case .webp: size = try WebPImage.size(of: bytes)
            }
        } catch {
            throw damaged("\(error)")
        }
        guard size.width > 0, size.height > 0 else { throw damaged("damaged \(format.name): its header says \(size.width)×\(size.height)") }
        // Each side is below 2^32 in every format, so the product cannot overflow.
        guard size.width * size.height <= maxPixels else {
            throw PictureError(file: name, problem: .tooBig(width: size.width, height: size.height, maxPixels: maxPixels))
        }
        let picture: (width: Int, height: Int, rgba: [UInt8])
        do {
            switch format {
            case .png:
                let image = try PNGImage.decode(bytes, maxPixels: maxPixels)
                picture = (image.width, image.height, image.rgba)
            case .jpeg:
                let image = try JPEGImage.decode(bytes, atLeast: atLeast, maxPixels: maxPixels)
                picture = (image.width, image.height, image.rgba)
            case .webp:
                let image = try WebPImage.decode(bytes, maxPixels: maxPixels)
                picture = (image.width, image.height, image.rgba)
            }
        } catch {
            throw damaged("\(error)")
        }
        guard picture.width > 0, picture.height > 0, picture.rgba.count == picture.width * picture.height * 4 else {
            throw damaged("damaged \(format.name): the decoder gave \(picture.rgba.count) bytes for \(picture.width)×\(picture.height)")
        }
        return DecodedPicture(width: picture.width, height: picture.height, rgba: picture.rgba, format: format)
    }
}
