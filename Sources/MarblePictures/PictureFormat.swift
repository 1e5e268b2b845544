/// A picture file's format, known by its first bytes (never by its name).
public enum PictureFormat: String, Equatable, Sendable, CaseIterable {
    case png
    case jpeg
    case webp

    /// The format's usual name, for messages.
    public var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        }
    }

    /// The format `bytes` begin as, or nil when they are none of these.
    public static func sniff(_ bytes: [UInt8]) -> PictureFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        // Start of image and the first marker's 0xFF.
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        // "RIFF", the chunk's size, "WEBP".
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        return nil
    }
}
