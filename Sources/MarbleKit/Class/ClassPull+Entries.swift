/// What a pull makes of each name in a class folder, and how it names one it skips.
extension ClassPull {
    enum Kind: Equatable {
        case folder
        case picture
        case skip(String)
    }

    /// What `e` (at `path`) is to a pull: a child's folder, a picture to read, something to
    /// skip and name, or nil for what goes unsaid (hidden names such as `.DS_Store` or
    /// `.marble-tmp-…`, and a hand-in's marble log and time-lapse beside its picture).
    static func kind(of e: ClassEntry, path: String) -> Kind? {
        if hasControl(e.name) {
            return .skip("its name has a control character; not read (rename it on the server)")
        }
        if e.name.hasPrefix(".") { return nil }
        if e.isLink { return .skip("is a link to another place; marble does not follow links in a class folder") }
        if e.isFolder { return .folder }
        let lower = e.name.lowercased()
        if lower.hasSuffix(".csv") || lower.hasSuffix(".webp") { return nil }
        if lower.hasSuffix(".png") { return .picture }
        return .skip("is not a picture; only .png files handed in by marble are pulled")
    }

    /// Why one entry could not be read, in a reader's words (`ClassProblem.forbidden` speaks
    /// of writing, as the outbox meets it).
    static func why(_ problem: ClassProblem) -> String {
        if case .forbidden(let at) = problem { return "\(at): the server refuses to give this file or folder (403)" }
        return problem.description
    }

    /// Whether `text` holds a control character (C0, DEL, C1: what a terminal acts on).
    static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 32 || (0x7F...0x9F).contains($0.value) }
    }

    /// `text` safe to print: each control character written as `\u{1B}`.
    public static func shown(_ text: String) -> String {
        guard hasControl(text) else { return text }
        var out = ""
        for s in text.unicodeScalars {
            if s.value < 32 || (0x7F...0x9F).contains(s.value) {
                out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out
    }

    /// The picture of a handed-in file decoded for its thumbnail, never past its drawing's own
    /// canvas: the PNG's header (IHDR) is read first, and a picture wider or taller than the
    /// canvas the journal sets up is refused before a pixel is decoded (a few hundred KB of
    /// PNG can claim 10000×10000, 400 MB decoded). Success(nil) when there is no decoder, or
    /// the journal has no setup to check against (the store then says what is wrong with it).
    static func picture(_ bytes: [UInt8], journal: [UInt8], decode: Environment.PictureDecoder?)
        -> Result<(pixels: [UInt8], width: Int, height: Int)?, PictureRefusal> {
        guard let decode else { return .success(nil) }
        guard let canvas = canvas(ofJournal: journal) else { return .success(nil) }
        guard let size = pngSize(bytes) else { return .failure(PictureRefusal("is not a PNG picture (no IHDR header first)")) }
        guard size.width <= canvas.width, size.height <= canvas.height else {
            return .failure(PictureRefusal("the picture is \(size.width)×\(size.height), larger than its drawing's \(canvas.width)×\(canvas.height) canvas; not decoded, not pulled"))
        }
        // A picture that does not decode still brings its drawing, without a thumbnail.
        return .success(try? decode(bytes))
    }

    /// Why a picture is refused.
    struct PictureRefusal: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The canvas a journal sets up (its first record), nil when it has none that decodes.
    static func canvas(ofJournal journal: [UInt8]) -> (width: Int, height: Int)? {
        guard let scan = try? Journal.scan(journal, path: ""), let first = scan.frames.first, first.kind.isBegin,
              case .begin(let begin)? = try? Journal.decode(journal, first) else { return nil }
        return (begin.configuration.canvasWidth, begin.configuration.canvasHeight)
    }

    /// A PNG's size from its header: the IHDR chunk, which the format puts first.
    static func pngSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count >= 24, Array(png[0..<8]) == PictureChunk.signature, Array(png[12..<16]) == Array("IHDR".utf8) else { return nil }
        func u32(_ at: Int) -> Int { Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3]) }
        return (u32(16), u32(20))
    }
}

extension ClassProblem {
    /// Whether the problem is the class folder's own (no answer, a wrong password): a pull or
    /// a look-up stops; any other is one entry's, skipped and named.
    var isTheClassFolders: Bool {
        switch self {
        case .unreachable, .unauthorized: return true
        default: return false
        }
    }
}
