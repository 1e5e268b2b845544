import MarbleKit

/// Paths in a class folder as URLs: each part percent-encoded on the way out, hrefs decoded on
/// the way back.
enum WebDAVPath {
    /// The parts of a path relative to the class folder (`"Ada/x.png"` → `["Ada", "x.png"]`);
    /// `""` is the class folder itself. Refuses what could leave the folder or mean two things
    /// (an empty part, `.`, `..`, a leading `/`, a control character).
    static func parts(_ path: String, at place: String) throws(ClassProblem) -> [String] {
        if path.isEmpty { return [] }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts where !isPart(part) {
            throw .badAddress(place, why: "'\(path)' is not a path inside the class folder")
        }
        return parts
    }

    /// Whether `part` can be one part of a path in the class folder: not empty, `.` or `..`,
    /// without a control character (nor a `/`, which would make it two).
    static func isPart(_ part: String) -> Bool {
        !part.isEmpty && part != "." && part != ".." && !part.unicodeScalars.contains { $0 == "/" || $0.value < 32 || $0.value == 127 }
    }

    /// One path part percent-encoded: everything but RFC 3986's unreserved characters, as the
    /// UTF-8 bytes (`Frau Müller` → `Frau%20M%C3%BCller`).
    static func encode(_ part: String) -> String {
        var out = ""
        for byte in part.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E {
                out.append(c)
            } else {
                out += "%" + hex(byte >> 4) + hex(byte & 15)
            }
        }
        return out
    }

    /// Percent-decoded text; a `%` not followed by two hex digits stays as it is, and bytes
    /// that are not UTF-8 become U+FFFD (such a name is then not one of ours, and is skipped).
    static func decode(_ text: String) -> String {
        var bytes: [UInt8] = []
        let u = Array(text.utf8)
        var i = 0
        while i < u.count {
            if u[i] == 0x25, i + 2 < u.count, let hi = hexValue(u[i + 1]), let lo = hexValue(u[i + 2]) {
                bytes.append(hi << 4 | lo)
                i += 3
            } else {
                bytes.append(u[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An href from a listing as a decoded path from the server's root, without a trailing
    /// `/`: `http://h/a%20b/` and `/a%20b` are both `/a b`.
    static func decodedPath(ofHref href: String) -> String {
        var h = Substring(href.trimmedWhitespace)
        if let scheme = h.range(of: "://") {
            let afterHost = h[scheme.upperBound...]
            h = afterHost.firstIndex(of: "/").map { afterHost[$0...] } ?? "/"
        }
        var path = decode(String(h))
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private static func hex(_ v: UInt8) -> String { String(UnicodeScalar(v < 10 ? 48 + v : 55 + v)) }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}

extension Substring {
    /// The range of `other`'s first occurrence, by UTF-8 bytes.
    func range(of other: String) -> Range<Index>? {
        let needle = Array(other.utf8)
        guard !needle.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].utf8.starts(with: needle) {
                return i..<utf8.index(i, offsetBy: needle.count)
            }
            i = index(after: i)
        }
        return nil
    }
}
