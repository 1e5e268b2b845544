/// The names a class folder's files and folders get: safe on every server and file system.
public enum ClassNames {
    /// Whether `name` is one path part that any WebDAV server and file system take as it is:
    /// letters (any script), digits, space, `-`, `_` and `.`, not starting with `.`, at most
    /// 100 bytes. A child's folder and every handed-in file's name are made to pass this.
    public static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 100, !name.hasPrefix("."), !name.hasPrefix(" "), !name.hasSuffix(" ") else { return false }
        return name.unicodeScalars.allSatisfy { s in
            s == " " || s == "-" || s == "_" || s == "." || s.properties.isAlphabetic || (s.value >= 48 && s.value <= 57)
        }
    }

    /// A child's name as a folder name: what `isSafe` refuses is replaced by `_`, runs of
    /// spaces become one, at most 60 characters; empty stays empty (the caller refuses it).
    public static func folder(for child: String) -> String {
        var out = ""
        var lastSpace = false
        for s in child.trimmingSpaces.unicodeScalars {
            let ok = s == " " || s == "-" || s == "_" || s.properties.isAlphabetic || (s.value >= 48 && s.value <= 57)
            if s == " " {
                if lastSpace { continue }
                lastSpace = true
            } else {
                lastSpace = false
            }
            out.unicodeScalars.append(ok ? s : "_")
            if out.count >= 60 { break }
        }
        while out.hasPrefix("_") || out.hasPrefix(" ") { out.removeFirst() }
        while out.hasSuffix(" ") { out.removeLast() }
        return out
    }
}
