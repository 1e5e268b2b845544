/// Finding a handed-in drawing by its code (a child types the code the teacher reads aloud).
///
/// Where a code is looked for, in this order:
/// - the children's folders: every folder at the top of the class folder, in the byte order
///   of their names; a link is never entered, a folder that cannot be listed (refused, gone)
///   is passed over;
/// - the top of the class folder only when it has no folder at all: a File drop without
///   nicknames, or a class whose machines hand in without names, keeps every hand-in there.
///   Once one child's folder exists, a picture lying at the top answers no code, so no one
///   with the password can plant `z-CODE.png` beside the children's folders to answer a code
///   read aloud.
///
/// A code is matched in every place searched, not just the first: one that matches two or
/// more pictures is refused (`.ambiguousCode`), naming them all. Only the class folder's own
/// failure (no answer, a wrong password) is thrown while searching.
public enum ClassLookup {
    /// The path of the one picture whose name carries `code`; nil when none does.
    public static func picture(_ code: DrawingCode, in transport: any ClassTransport) throws(ClassProblem) -> String? {
        func match(_ e: ClassEntry) -> Bool {
            !e.isFolder && !e.isLink && !ClassPull.hasControl(e.name) && e.name.lowercased().hasSuffix(".png")
                && ClassPull.code(inName: e.name) == code.text
        }
        let top = try transport.list("")
        let folders = top.filter { $0.isFolder && !$0.isLink && !ClassPull.hasControl($0.name) }
            .sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        var found: [String] = []
        if folders.isEmpty {
            found = top.filter(match).map(\.name)
        } else {
            for folder in folders {
                let inside: [ClassEntry]
                do { inside = try transport.list(folder.name) } catch {
                    if error.isTheClassFolders { throw error }
                    continue
                }
                found += inside.filter(match).map { folder.name + "/" + $0.name }
            }
        }
        guard found.count <= 1 else { throw .ambiguousCode(code.text, paths: found) }
        return found.first
    }
}
