/// A Swift file read just far enough to see its types and functions: sizes, not meaning.
///
/// Comments and string literals (raw, multi-line, interpolated) are blanked first, so a brace
/// or a `func` inside them counts for nothing; then the code is cut into words and its braces
/// are matched. It is not a compiler: it knows declarations by their keywords and where their
/// braces are, which is what the size rules need.
struct SwiftOutline {
    /// A word of the blanked code: an identifier, a number, one bracket or punctuation mark, or a
    /// run of operator characters.
    struct Token {
        let text: String
        /// The line it is on, from 1.
        let line: Int
        /// How many braces are open around it (a brace itself has its outside's depth).
        let depth: Int
        /// Whether it is the first word on its line.
        let opensLine: Bool
    }

    /// A struct, class, enum or actor (not an extension or protocol), with its stored properties.
    struct TypeShape {
        let name: String
        let line: Int
        /// Instance properties that hold a value: not `static`, not computed.
        let stored: Int
        /// The words between its name and its brace: its conformances, generics and where-clause.
        let header: [String]
    }

    /// A function, initializer, subscript or computed property with a body, from its keyword's
    /// line to its closing brace's.
    struct FunctionShape {
        let name: String
        let line: Int
        let lines: Int
    }

    let tokens: [Token]
    /// For each `{` token's index, its matching `}`'s.
    let closing: [Int: Int]
    /// For each token, the index of the `{` it is directly inside, or -1 at the file's top level.
    let enclosing: [Int]
    /// Why the braces could not be matched, if they could not.
    let unbalanced: String?

    init(_ text: String) {
        tokens = Self.tokenize(Self.blanked(Array(text.utf8)))
        var closing: [Int: Int] = [:]
        var open: [Int] = []
        var unbalanced: String?
        var enclosing: [Int] = []
        for (i, t) in tokens.enumerated() {
            enclosing.append(open.last ?? -1)
            if t.text == "{" { open.append(i) }
            if t.text == "}" {
                if let o = open.popLast() { closing[o] = i } else if unbalanced == nil { unbalanced = "a } with no { on line \(t.line)" }
            }
        }
        if unbalanced == nil, let o = open.last { unbalanced = "the { on line \(tokens[o].line) is never closed" }
        self.closing = closing
        self.enclosing = enclosing
        self.unbalanced = unbalanced
    }

    // MARK: Declarations

    static let typeWords: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]
    /// Words that begin a new declaration when they open a line.
    static let declarationWords: Set<String> = [
        "var", "let", "func", "init", "deinit", "subscript", "struct", "class", "enum", "actor", "extension",
        "protocol", "typealias", "associatedtype", "case", "static", "private", "fileprivate", "public",
        "internal", "open", "package", "final", "override", "required", "convenience", "mutating", "nonmutating",
        "nonisolated", "lazy", "weak", "unowned", "dynamic", "@", "#", "}",
    ]

    /// Every type declaration's `(keyword, name, brace)` token indices, extensions and protocols included.
    func typeDeclarations() -> [(keyword: Int, name: Int, brace: Int)] {
        var out: [(Int, Int, Int)] = []
        for i in tokens.indices where Self.typeWords.contains(tokens[i].text) && i + 1 < tokens.count {
            if i > 0 && tokens[i - 1].text == "." { continue }
            guard let first = tokens[i + 1].text.unicodeScalars.first, first.properties.isUppercase else { continue }
            if let brace = body(after: i, parenthesesOnly: false) { out.append((i, i + 1, brace)) }
        }
        return out
    }

    /// The `{` that opens the body of the declaration whose keyword is at `start`, if it has one:
    /// the first at the keyword's depth outside parentheses (and, for a type's header, outside
    /// nothing else), before another declaration begins a line.
    func body(after start: Int, parenthesesOnly: Bool = true) -> Int? {
        var parens = 0
        var j = start + 1
        while j < tokens.count {
            let t = tokens[j]
            if t.depth < tokens[start].depth { return nil }
            switch t.text {
            case "(", "[": parens += 1
            case ")", "]": parens -= 1
            case "{" where parens == 0 && t.depth == tokens[start].depth: return j
            default:
                if parens == 0 && t.opensLine && t.depth == tokens[start].depth && t.text != "where"
                    && (Self.declarationWords.contains(t.text) || Self.typeWords.contains(t.text)) { return nil }
            }
            j += 1
        }
        return nil
    }

    /// Token index ranges inside protocol bodies, whose requirements have no bodies.
    func protocolBodies() -> [Range<Int>] {
        typeDeclarations().filter { tokens[$0.keyword].text == "protocol" }.compactMap { d in closing[d.brace].map { d.brace..<$0 } }
    }

    /// Every struct, class, enum and actor with its stored property count.
    func types() -> [TypeShape] {
        typeDeclarations().compactMap { d in
            guard ["struct", "class", "enum", "actor"].contains(tokens[d.keyword].text), let end = closing[d.brace] else { return nil }
            let inside = tokens[d.brace].depth + 1
            var stored = 0
            for i in (d.brace + 1)..<end where tokens[i].depth == inside && (tokens[i].text == "var" || tokens[i].text == "let") {
                if isStatic(i) { continue }
                if case .stored(let names) = property(at: i) { stored += names }
            }
            return TypeShape(name: tokens[d.name].text, line: tokens[d.keyword].line, stored: stored,
                             header: tokens[(d.name + 1)..<d.brace].map(\.text))
        }
    }

    /// Whether the `var` or `let` at `i` is a type's own (`static` or `class` on its line before it).
    func isStatic(_ i: Int) -> Bool {
        var j = i - 1
        while j >= 0 && tokens[j].line == tokens[i].line {
            if tokens[j].text == "static" || (tokens[j].text == "class" && tokens[j].depth == tokens[i].depth) { return true }
            j -= 1
        }
        return false
    }

    enum Property {
        /// Holds values: how many names it declares (`let a, b: Int` is two).
        case stored(Int)
        /// Has a getter body: its `{` token's index.
        case computed(brace: Int)
    }

    /// What the `var` or `let` at `start` declares: stored, unless a `{` follows its type with
    /// no `=` before it and that brace does not open `willSet` or `didSet`.
    func property(at start: Int) -> Property {
        let depth = tokens[start].depth
        var parens = 0, angles = 0, names = 1, assigned = false
        var j = start + 1
        while j < tokens.count {
            let t = tokens[j]
            if t.depth < depth { break }
            if t.depth == depth {
                switch t.text {
                case "(", "[": parens += 1
                case ")", "]": parens -= 1
                case _ where !assigned && !t.text.isEmpty && t.text.allSatisfy({ $0 == "<" }): angles += t.text.count
                case _ where !assigned && !t.text.isEmpty && t.text.allSatisfy({ $0 == ">" }): angles -= t.text.count
                case "=" where parens == 0: assigned = true
                case ";" where parens == 0: return .stored(names)
                case "," where parens == 0 && angles <= 0: names += 1; assigned = false
                case "{" where parens == 0:
                    let next = j + 1 < tokens.count ? tokens[j + 1].text : ""
                    if assigned || next == "willSet" || next == "didSet" { return .stored(names) }
                    return .computed(brace: j)
                default:
                    if parens == 0 && t.opensLine && (Self.declarationWords.contains(t.text) || Self.typeWords.contains(t.text)) {
                        return .stored(names)
                    }
                }
            }
            j += 1
        }
        return .stored(names)
    }

    /// Every function, initializer, deinitializer and subscript with a body, and every computed
    /// property of a type or of the file.
    func functions() -> [FunctionShape] {
        let protocols = protocolBodies()
        let typeBodies = Set(typeDeclarations().map(\.brace))
        var out: [FunctionShape] = []
        func add(_ name: String, from start: Int, brace: Int) {
            guard let end = closing[brace] else { return }
            out.append(FunctionShape(name: name, line: tokens[start].line, lines: tokens[end].line - tokens[start].line + 1))
        }
        for i in tokens.indices where !protocols.contains(where: { $0.contains(i) }) {
            let t = tokens[i]
            if i > 0 && tokens[i - 1].text == "." { continue }
            let next = i + 1 < tokens.count ? tokens[i + 1].text : ""
            switch t.text {
            case "func":
                if let brace = body(after: i) { add(next, from: i, brace: brace) }
            case "init" where ["(", "?", "!", "<"].contains(next), "subscript" where ["(", "<"].contains(next), "deinit" where next == "{":
                if let brace = body(after: i) { add(t.text, from: i, brace: brace) }
            case "var" where enclosing[i] < 0 || typeBodies.contains(enclosing[i]):
                if case .computed(let brace) = property(at: i) { add(next, from: i, brace: brace) }
            default: break
            }
        }
        return out
    }
}
