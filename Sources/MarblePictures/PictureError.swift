import MarbleKit

/// Why a picture file could not be read in, and which file: a value, worded only when shown.
public struct PictureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the caller named it (a path, or a name for bytes from elsewhere).
    public var file: String
    public var problem: Problem

    public enum Problem: Equatable, Sendable {
        /// Nothing in the file.
        case empty
        /// Not PNG, JPEG or WebP by its first bytes.
        case notAPicture
        /// PNG, JPEG or WebP by its first bytes, but the decoder could not read it: damaged or
        /// truncated (the decoder's own words).
        case damaged(format: PictureFormat, message: String)
        /// Its header says more pixels than the limit.
        case tooBig(width: Int, height: Int, maxPixels: Int)
        /// The file is bigger than any picture we read (not read to find out more).
        case fileTooBig(bytes: Int, maxBytes: Int)
        /// A folder, device or pipe, not a file.
        case notAFile
        /// open(2), fstat(2) or read(2) failed (a missing file: `.system(.notFound)`).
        case unreadable(IOFailure)
    }

    public init(file: String, problem: Problem) {
        self.file = file
        self.problem = problem
    }

    public var description: String {
        switch problem {
        case .empty: "\(file) is empty, not a picture"
        case .notAPicture: "\(file) is not a picture (not PNG, JPEG or WebP)"
        // The decoder's words say what is wrong (and name the format): "damaged JPEG: Premature end of JPEG file".
        case .damaged(_, let message): "\(file): \(message)"
        case let .tooBig(width, height, maxPixels):
            "\(file) is too big: \(width)×\(height) is \(Self.megapixels(width * height)) megapixels, over the limit of \(Self.megapixels(maxPixels))"
        case let .fileTooBig(bytes, maxBytes):
            "\(file) is too big: \(bytes >> 20) MB, over the limit of \(maxBytes >> 20) MB for a picture file"
        case .notAFile: "\(file) is not a file (a folder, device or pipe)"
        case let .unreadable(failure): "\(file) cannot be read: \(failure)"
        }
    }

    /// `pixels` in megapixels, to a tenth: "400", "12.3", "0.1".
    static func megapixels(_ pixels: Int) -> String {
        let tenths = (max(0, pixels) + 50_000) / 100_000
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
