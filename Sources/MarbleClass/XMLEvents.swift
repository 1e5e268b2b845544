/// A small XML reader for WebDAV's multistatus answers: elements by namespace and local name,
/// and their text.
///
/// Hand-written, not FoundationXML: FoundationXML links fine here but pulls in the system's
/// libxml2 at run time, and `marble` is built with `--static-swift-stdlib` for its package,
/// where that becomes one more library to carry (and libxml2's entity and DTD handling is more
/// than a listing needs). A multistatus is plain elements, namespaces and text, so the reader
/// knows only those: a document type declaration (the door to entity tricks) is refused, as is
/// anything malformed; nothing is expanded but the five predefined entities and character
/// references. Bounded by its input (the answer's limit) and by `maxDepth`.
enum XMLEvent: Equatable {
    case start(namespace: String, name: String)
    case end(namespace: String, name: String)
    case text(String)
}

struct XMLEvents {
    static let maxDepth = 64

    /// The document's events in order, or nil when it is not well-formed XML of that subset.
    static func read(_ bytes: [UInt8]) -> [XMLEvent]? {
        var reader = XMLEvents(bytes: bytes)
        return reader.run() ? reader.events : nil
    }

    private let bytes: [UInt8]
    private var i = 0
    private var events: [XMLEvent] = []
    /// Open elements: their qualified name and the prefixes they bind.
    private var open: [(qname: String, bindings: [String: String])] = []

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func run() -> Bool {
        var sawRoot = false
        while i < bytes.count {
            if bytes[i] != 0x3C {  // text up to the next '<'
                let start = i
                while i < bytes.count, bytes[i] != 0x3C { i += 1 }
                guard let text = Self.unescape(bytes[start..<i]) else { return false }
                if !open.isEmpty { events.append(.text(text)) }
                else if !text.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }) { return false }
            } else if starts("<?") {
                guard skip(past: "?>") else { return false }
            } else if starts("<!--") {
                guard skip(past: "-->") else { return false }
            } else if starts("<![CDATA[") {
                i += 9
                let start = i
                guard skip(past: "]]>"), !open.isEmpty else { return false }
                events.append(.text(String(decoding: bytes[start..<(i - 3)], as: UTF8.self)))
            } else if starts("<!") {
                return false  // a DOCTYPE: never in a multistatus
            } else if starts("</") {
                guard closeTag() else { return false }
            } else {
                if open.isEmpty && sawRoot { return false }
                sawRoot = true
                guard openTag() else { return false }
            }
        }
        return sawRoot && open.isEmpty
    }

    private func starts(_ s: String) -> Bool { bytes[i...].starts(with: s.utf8) }

    private mutating func skip(past end: String) -> Bool {
        let e = Array(end.utf8)
        while i < bytes.count {
            if bytes[i...].starts(with: e) { i += e.count; return true }
            i += 1
        }
        return false
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private mutating func skipSpace() { while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 } }

    private mutating func name() -> String? {
        let start = i
        while i < bytes.count, !Self.isSpace(bytes[i]), ![0x2F, 0x3E, 0x3D, 0x3C, 0x22, 0x27].contains(bytes[i]) { i += 1 }
        return i > start ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
    }

    private mutating func openTag() -> Bool {
        i += 1
        guard let qname = name(), open.count < Self.maxDepth else { return false }
        var bindings: [String: String] = [:]
        while true {
            skipSpace()
            guard i < bytes.count else { return false }
            if bytes[i] == 0x3E { i += 1; break }
            if starts("/>") { i += 2; return push(qname, bindings) && pop(qname) }
            guard let attribute = name() else { return false }
            skipSpace()
            guard i < bytes.count, bytes[i] == 0x3D else { return false }
            i += 1
            skipSpace()
            guard i < bytes.count, bytes[i] == 0x22 || bytes[i] == 0x27 else { return false }
            let quote = bytes[i]
            i += 1
            let start = i
            while i < bytes.count, bytes[i] != quote { i += 1 }
            guard i < bytes.count, let value = Self.unescape(bytes[start..<i]) else { return false }
            i += 1
            if attribute == "xmlns" { bindings[""] = value }
            else if attribute.hasPrefix("xmlns:") { bindings[String(attribute.dropFirst(6))] = value }
        }
        return push(qname, bindings)
    }

    private mutating func closeTag() -> Bool {
        i += 2
        guard let qname = name() else { return false }
        skipSpace()
        guard i < bytes.count, bytes[i] == 0x3E else { return false }
        i += 1
        return pop(qname)
    }

    private mutating func push(_ qname: String, _ bindings: [String: String]) -> Bool {
        open.append((qname, bindings))
        guard let (ns, local) = resolve(qname) else { return false }
        events.append(.start(namespace: ns, name: local))
        return true
    }

    private mutating func pop(_ qname: String) -> Bool {
        guard let last = open.last, last.qname == qname, let (ns, local) = resolve(qname) else { return false }
        open.removeLast()
        events.append(.end(namespace: ns, name: local))
        return true
    }

    /// A qualified name's namespace (by the innermost binding of its prefix) and local name.
    private func resolve(_ qname: String) -> (String, String)? {
        let parts = qname.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let (prefix, local) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : ("", qname)
        guard !local.isEmpty else { return nil }
        for scope in open.reversed() {
            if let ns = scope.bindings[prefix] { return (ns, local) }
        }
        return prefix.isEmpty ? ("", local) : nil
    }

    /// Text with `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#…;` replaced; nil for any other entity.
    private static func unescape(_ raw: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: raw, as: UTF8.self)
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { return nil }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "lt": out += "<"
            case "gt": out += ">"
            case "amp": out += "&"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                guard entity.hasPrefix("#"), let v = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                      let scalar = Unicode.Scalar(v) else { return nil }
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
