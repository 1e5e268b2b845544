import Foundation
import MarbleTestSupport
import Testing

/// ARCHITECTURE.md checked against the code, so the map stays true: every folder by its exact
/// path, every target's imports as they are, every writer of files named.
///
/// The map is prose, so the test reads three plain conventions in it: a target's section is the
/// `### ` heading that names `` `Sources/Target` `` (or a test target's `` `Tests/Target` ``)
/// and runs to the next heading; a folder is named in its target's section by its path inside
/// the target, backquoted, with a trailing slash (`` `Store/Marbles/` ``); and the "Imports"
/// table has one row a target: `` | `Target` | `A`, `B` | ``.
@Suite("The map")
struct ArchitectureMapTests {
    static let root = Repository.root.path

    static func map() throws -> String {
        try String(contentsOfFile: root + "/ARCHITECTURE.md", encoding: .utf8)
    }

    /// Every target: its name and folder (`Sources/MarbleKit`, `Tests/MarbleKitTests`).
    static func targets() -> [(name: String, folder: String)] {
        let fm = FileManager.default
        var out: [(String, String)] = []
        for top in ["Sources", "Tests"] {
            for name in ((try? fm.contentsOfDirectory(atPath: root + "/" + top)) ?? []).sorted() where name != "Tools" {
                var isFolder: ObjCBool = false
                if fm.fileExists(atPath: root + "/\(top)/\(name)", isDirectory: &isFolder), isFolder.boolValue {
                    out.append((name, "\(top)/\(name)"))
                }
            }
        }
        return out
    }

    /// Every folder inside `folder` (a target's), relative to it.
    static func folders(in folder: String) -> [String] {
        let fm = FileManager.default
        var out: [String] = []
        for case let relative as String in fm.enumerator(atPath: root + "/" + folder)! {
            var isFolder: ObjCBool = false
            if fm.fileExists(atPath: root + "/\(folder)/\(relative)", isDirectory: &isFolder), isFolder.boolValue {
                out.append(relative)
            }
        }
        return out.sorted()
    }

    /// The modules a target's Swift files import (any `import` form, `@testable`, `public`,
    /// `import struct M.T`), its own name left out.
    static func imports(of target: (name: String, folder: String)) -> Set<String> {
        let fm = FileManager.default
        let pattern = try! NSRegularExpression(
            pattern: #"^[ \t]*(?:@\w+[ \t]+)*(?:(?:public|package|internal|fileprivate|private)[ \t]+)?import[ \t]+(?:(?:struct|class|enum|protocol|func|var|let|typealias)[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)"#,
            options: [.anchorsMatchLines])
        var out: Set<String> = []
        for case let relative as String in fm.enumerator(atPath: root + "/" + target.folder)! where relative.hasSuffix(".swift") {
            guard let text = try? String(contentsOfFile: root + "/\(target.folder)/\(relative)", encoding: .utf8) else { continue }
            // Lines inside multi-line string literals (a Python script a test writes) are not
            // imports: cut them out first.
            let code = text.components(separatedBy: "\"\"\"").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
            for m in pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                out.insert(String(code[Range(m.range(at: 1), in: code)!]))
            }
        }
        out.remove(target.name)
        return out
    }

    /// The map's section for a target: from the heading that names it to the next heading.
    static func section(of target: (name: String, folder: String), in map: String) -> String? {
        var lines: [Substring] = []
        var inside = false
        for line in map.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                if inside { break }
                inside = line.hasPrefix("### ") && line.contains("`\(target.folder)`")
                continue
            }
            if inside { lines.append(line) }
        }
        return inside || !lines.isEmpty ? lines.joined(separator: "\n") : nil
    }

    /// The "Imports" table: each target's listed modules.
    static func importTable(in map: String) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for line in map.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            let target = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let modules = cells[2].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "` ")) }
            out[target] = Set(modules.filter { !$0.isEmpty && $0 != "—" })
        }
        return out
    }

    @Test("ARCHITECTURE.md is under 330 lines: read in one sitting")
    func mapIsShort() throws {
        #expect(try Self.map().split(separator: "\n", omittingEmptySubsequences: false).count < 330)
    }

    @Test("every target has a section, and every folder is named there by its exact path")
    func everyFolderByItsPath() throws {
        let map = try Self.map()
        for target in Self.targets() {
            guard let section = Self.section(of: target, in: map) else {
                Issue.record("ARCHITECTURE.md has no `### ` section naming `\(target.folder)`")
                continue
            }
            // Test targets' folders mirror their Sources' rooms (`SizeRulesTests` checks that).
            for folder in target.folder.hasPrefix("Sources/") ? Self.folders(in: target.folder) : [] {
                #expect(section.contains("`\(folder)/"), "ARCHITECTURE.md's section for \(target.folder) does not name `\(folder)/`")
            }
        }
    }

    @Test("every folder the map names in a target's section is there")
    func everyNamedFolderExists() throws {
        let map = try Self.map()
        // A backquoted path that starts with a capital and ends in a slash names a room.
        let named = try NSRegularExpression(pattern: #"`([A-Z][A-Za-z0-9]*(?:/[A-Z][A-Za-z0-9]*)*)/`"#)
        let targets = Self.targets()
        for target in targets {
            guard let section = Self.section(of: target, in: map) else { continue }
            // A section may serve several targets (`MarblePNG` and `CLibPNG`): the folder is
            // in one of them.
            let sharing = targets.filter { Self.section(of: $0, in: map) == section }
            for m in named.matches(in: section, range: NSRange(section.startIndex..., in: section)) {
                let path = String(section[Range(m.range(at: 1), in: section)!])
                let there = sharing.contains { other in
                    var isFolder: ObjCBool = false
                    return FileManager.default.fileExists(atPath: Self.root + "/\(other.folder)/\(path)", isDirectory: &isFolder) && isFolder.boolValue
                }
                #expect(there, "ARCHITECTURE.md names `\(path)/` in \(target.folder)'s section, which has no such folder")
            }
        }
    }

    @Test("the map lists each target's imports exactly as the code has them")
    func importsAreTrue() throws {
        let table = Self.importTable(in: try Self.map())
        for target in Self.targets() {
            guard let listed = table[target.name] else {
                Issue.record("ARCHITECTURE.md's Imports table has no row for `\(target.name)`")
                continue
            }
            let real = Self.imports(of: target)
            for module in real.subtracting(listed).sorted() {
                Issue.record("\(target.folder) imports \(module), which the map does not list for it")
            }
            for module in listed.subtracting(real).sorted() {
                Issue.record("the map lists \(module) for \(target.folder), which does not import it")
            }
        }
    }

    @Test("a module imported but not listed fails the comparison")
    func anUnlistedImportIsSeen() throws {
        // The rule itself: the table read from a map that leaves one module out differs from
        // the code (so `importsAreTrue` cannot pass by reading nothing).
        let map = try Self.map()
        let table = Self.importTable(in: map)
        let kit = try #require(Self.targets().first { $0.name == "MarbleKit" })
        #expect(table["MarbleKit"] == Self.imports(of: kit))
        let edited = map.replacingOccurrences(of: "| `MarbleKit` | ", with: "| `MarbleKit` | `Nothing`, ")
        #expect(Self.importTable(in: edited)["MarbleKit"] != Self.imports(of: kit))
    }

    @Test("every file that writes files names its type in the map's list of writers")
    func everyWriterIsListed() throws {
        let map = try Self.map()
        let writers = try #require(map.components(separatedBy: "**Who writes which file.**").dropFirst().first?
            .components(separatedBy: "\n- ").first)
        // Whole-file writes, appends and creates: the calls that make or change a file.
        let writes = ["AtomicFile.write(", "renameNoReplace(", "[.create", ".create]", ".create,"]
        let declared = try NSRegularExpression(pattern: #"^(?:public |package |final |private |fileprivate )*(?:struct|enum|class|extension|actor) +([A-Za-z][A-Za-z0-9_]*)"#, options: [.anchorsMatchLines])
        for target in Self.targets() where target.folder.hasPrefix("Sources/") {
            for case let relative as String in FileManager.default.enumerator(atPath: Self.root + "/" + target.folder)!
            where relative.hasSuffix(".swift") && !relative.contains("Support/POSIX/") {
                let text = try String(contentsOfFile: Self.root + "/\(target.folder)/\(relative)", encoding: .utf8)
                guard writes.contains(where: text.contains) else { continue }
                let types = declared.matches(in: text, range: NSRange(text.startIndex..., in: text))
                    .map { String(text[Range($0.range(at: 1), in: text)!]) }
                // A file of free functions is named by its own name.
                let stem = String(relative.split(separator: "/").last!.dropLast(6))
                #expect((types + [stem]).contains { writers.contains("`\($0)`") },
                        "\(target.folder)/\(relative) writes files, but the map's writers name none of \(types)")
            }
        }
    }
}
