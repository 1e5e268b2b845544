import MarbleKit

/// A PROPFIND answer (207 Multi-Status) read: one `Item` a `<D:response>`, with the
/// properties its successful `<D:propstat>` blocks gave.
struct Multistatus {
    struct Item: Equatable {
        var href = ""
        var isFolder = false
        var size: Int?
        var etag: String?
        var modified: String?
    }

    var items: [Item]

    /// What PROPFIND asks for: only the properties a listing and a size check use.
    static let question: [UInt8] = Array("""
        <?xml version="1.0" encoding="utf-8"?>
        <D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/><D:getcontentlength/><D:getetag/><D:getlastmodified/></D:prop></D:propfind>
        """.utf8)

    /// Reads the answer's body; nil when it is not XML or has no multistatus.
    init?(_ body: [UInt8]) {
        guard let events = XMLEvents.read(body) else { return nil }
        var items: [Item] = []
        var item = Item()
        var found = Item()       // the properties of the propstat being read
        var status = ""
        var path: [String] = []  // DAV: names of the open elements ("" for any other)
        var text = ""
        var sawRoot = false
        for event in events {
            switch event {
            case .start(let ns, let name):
                let local = ns == "DAV:" ? name : ""
                if path.isEmpty { sawRoot = local == "multistatus" }
                path.append(local)
                text = ""
                switch local {
                case "response": item = Item()
                case "propstat": found = Item(); status = ""
                case "collection" where path.dropLast().last == "resourcetype": found.isFolder = true
                default: break
                }
            case .text(let t):
                text += t
            case .end:
                let local = path.popLast() ?? ""
                let value = text.trimmedWhitespace
                switch local {
                case "href" where path.last == "response": item.href = value
                case "status" where path.last == "propstat": status = value
                case "getcontentlength": found.size = Int(value)
                case "getetag": found.etag = value.isEmpty ? nil : value
                case "getlastmodified": found.modified = value.isEmpty ? nil : value
                case "propstat" where Self.succeeded(status):
                    item.isFolder = item.isFolder || found.isFolder
                    item.size = found.size ?? item.size
                    item.etag = found.etag ?? item.etag
                    item.modified = found.modified ?? item.modified
                case "response": items.append(item)
                default: break
                }
                text = ""
            }
        }
        guard sawRoot else { return nil }
        self.items = items
    }

    /// Whether a propstat's `HTTP/1.1 200 OK` says its properties are there (no status: yes).
    private static func succeeded(_ status: String) -> Bool {
        let fields = status.split(separator: " ")
        guard fields.count >= 2, let code = Int(fields[1]) else { return status.isEmpty }
        return code >= 200 && code < 300
    }

    /// The folder's entries: the items directly inside the folder whose decoded path is
    /// `folderPath` (the folder itself is dropped). When no href falls under that path (a
    /// proxy that rewrote the prefix), the shortest href is taken as the folder and the
    /// others' last parts as names. `.` and `..` are no names (a hostile or broken listing) and
    /// are dropped. A name with a control character is kept: the pull names it and skips it,
    /// escaped (a teacher should hear of a file no call can reach), and the look-up passes it by.
    func entries(inFolder folderPath: String) -> [ClassEntry] {
        let paths = items.map { WebDAVPath.decodedPath(ofHref: $0.href) }
        let inside = folderPath == "/" ? "/" : folderPath + "/"
        var named: [(Item, String)] = []
        if paths.contains(where: { $0 == folderPath || $0.hasPrefix(inside) }) {
            for (item, path) in zip(items, paths) where path.hasPrefix(inside) {
                let name = String(path.dropFirst(inside.count))
                if !name.isEmpty, !name.contains("/") { named.append((item, name)) }
            }
        } else if let shortest = paths.indices.min(by: { paths[$0].count < paths[$1].count }) {
            for (index, (item, path)) in zip(items, paths).enumerated() where index != shortest {
                if let name = path.split(separator: "/").last { named.append((item, String(name))) }
            }
        }
        return named.filter { $0.1 != "." && $0.1 != ".." }.map { item, name in
            let size = item.isFolder ? 0 : max(0, item.size ?? 0)
            return ClassEntry(name: name, isFolder: item.isFolder, size: size,
                              tag: item.etag ?? "\(size)-\(item.modified ?? "")")
        }
    }
}
