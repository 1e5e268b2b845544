import Foundation
import MarbleTestSupport
import Testing

/// Small parts, checked on the source tree: no type holds more than 12 stored properties, no
/// function runs past 80 lines, and every test folder names a room of the target it tests.
@Suite("Size rules")
struct SizeRulesTests {
    static let root = Repository.root.path
    static let maxStored = 12
    static let maxLines = 80

    /// Offenders another change is taking apart now, by type name or `FileStem.function`; each
    /// must still offend (so that the list empties as they are fixed, and cannot rot). None now.
    static let pending: Set<String> = []

    /// Every Swift file under `Sources/`, relative to it, with its outline.
    static let outlines: [(path: String, outline: SwiftOutline)] = {
        let base = root + "/Sources"
        return (FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }
            .sorted()
            .compactMap { path in (try? String(contentsOfFile: base + "/" + path, encoding: .utf8)).map { (path, SwiftOutline($0)) } }
    }()

    /// A type that is an argument-parser command: a list of options, one property each.
    static func isCommand(_ type: SwiftOutline.TypeShape, in path: String) -> Bool {
        path.hasPrefix("marble/Commands/") && type.header.contains { $0 == "ParsableCommand" || $0 == "AsyncParsableCommand" }
    }

    /// Every offender as `(name, where, what)`: types by name, functions as `FileStem.name`.
    static func offenders() -> [(name: String, place: String, what: String)] {
        var out: [(String, String, String)] = []
        for (path, outline) in outlines {
            let stem = String(path.split(separator: "/").last!.dropLast(".swift".count))
            for type in outline.types() where type.stored > maxStored && !isCommand(type, in: path) {
                out.append((type.name, "Sources/\(path):\(type.line)", "\(type.stored) stored properties (at most \(maxStored))"))
            }
            for function in outline.functions() where function.lines > maxLines {
                out.append(("\(stem).\(function.name)", "Sources/\(path):\(function.line)", "\(function.lines) lines (at most \(maxLines))"))
            }
        }
        return out
    }

    @Test("the outline counts stored properties and function lines, not strings, comments, statics or getters")
    func outlineReadsHonestly() {
        let text = #"""
        /* a { in a comment, /* nested } */ { */
        struct Shape<T: Equatable>: Sendable where T: Hashable {
            static let shared = 1
            let a, b: Int
            var c: [String: Int] = ["{": 1, "}\(2)": 2]
            var d: Int { a + b } // computed: { not counted }
            var e = 0 { didSet { print("}") } }
            lazy var f = { #"raw } \#(1) ""# }()
            struct Inner { let g: Int; let h: Int }
            func long() {
                let s = """
                    } {
                    """
                print(s)
            }
            init() { a = 1; b = 2 }
        }
        protocol P { func noBody(); var p: Int { get } }
        """#
        let outline = SwiftOutline(text)
        #expect(outline.unbalanced == nil)
        let types = outline.types()
        #expect(types.map(\.name) == ["Shape", "Inner"])
        #expect(types.first?.stored == 5) // a, b, c, e, f
        #expect(types.last?.stored == 2)
        #expect(types.first?.header.contains("Sendable") == true)
        let functions = Dictionary(outline.functions().map { ($0.name, $0.lines) }, uniquingKeysWith: max)
        #expect(functions == ["d": 1, "long": 6, "init": 1])
        #expect(SwiftOutline("struct S {\n").unbalanced != nil)
    }

    @Test("every Swift file in Sources reads with its braces matched (else the rules below would see nothing)")
    func outlinesAreWhole() {
        #expect(Self.outlines.count > 100)
        for (path, outline) in Self.outlines {
            if let why = outline.unbalanced { Issue.record("Sources/\(path): \(why)") }
        }
    }

    @Test("no type has more than 12 stored properties and no function more than 80 lines, but those pending")
    func partsAreSmall() {
        for o in Self.offenders() where !Self.pending.contains(o.name) {
            Issue.record("\(o.place): \(o.name) has \(o.what)")
        }
    }

    @Test("every pending offender still offends: take the fixed ones off the list")
    func pendingIsTrue() {
        let names = Set(Self.offenders().map(\.name))
        for name in Self.pending.sorted() where !names.contains(name) {
            Issue.record("\(name) is no longer over the size rules: take it off SizeRulesTests.pending")
        }
    }

    // MARK: Test folders mirror the rooms

    /// Each test target's mirrored Sources target: `MarbleKitTests` tests `MarbleKit`, but the
    /// command line's tests `marble`.
    static func mirrored(_ testTarget: String) -> String {
        testTarget == "MarbleCLITests" ? "marble" : String(testTarget.dropLast("Tests".count))
    }

    /// Folders of a test target that hold no room's tests: the files tests read, fuzzing over
    /// every reader, and helpers shared by the target's tests.
    static let notRooms: Set<String> = ["Fixtures", "Fuzz", "Support"]

    @Test("every folder of a test target names a room of the target it tests")
    func testFoldersMirrorRooms() throws {
        let fm = FileManager.default
        let tests = Self.root + "/Tests"
        let targets = try fm.contentsOfDirectory(atPath: tests).filter { $0.hasSuffix("Tests") }.sorted()
        #expect(targets.contains("MarbleKitTests") && targets.contains("MarbleCLITests"))
        for target in targets {
            let sources = Self.root + "/Sources/" + Self.mirrored(target)
            #expect(fm.fileExists(atPath: sources), "Tests/\(target) mirrors no Sources/\(Self.mirrored(target))")
            for case let relative as String in fm.enumerator(atPath: tests + "/" + target)! {
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: tests + "/" + target + "/" + relative, isDirectory: &isFolder), isFolder.boolValue,
                      let top = relative.split(separator: "/").first, !Self.notRooms.contains(String(top)) || fm.fileExists(atPath: sources + "/" + relative)
                else { continue }
                #expect(fm.fileExists(atPath: sources + "/" + relative),
                        "Tests/\(target)/\(relative) names no room: there is no Sources/\(Self.mirrored(target))/\(relative)")
            }
        }
    }
}
