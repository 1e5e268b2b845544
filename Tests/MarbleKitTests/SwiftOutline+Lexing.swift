extension SwiftOutline {
    private enum Place {
        /// Code: at the file's level, or inside a string's `\( )` with this many parentheses open.
        case code(parentheses: Int)
        /// Inside a string literal opened by this many `#` and one or three quotes.
        case string(multiline: Bool, hashes: Int)
    }

    private static func byte(_ c: Character) -> UInt8 { c.asciiValue! }

    /// The bytes with every comment and every string literal (its quotes too) turned to spaces,
    /// newlines kept so that lines still count; code inside `\( )` stays code.
    static func blanked(_ bytes: [UInt8]) -> [UInt8] {
        let slash = byte("/"), star = byte("*"), quote = byte("\""), hash = byte("#"), backslash = byte("\\")
        let newline = byte("\n"), space = byte(" "), open = byte("("), close = byte(")")
        var out = bytes
        var places: [Place] = [.code(parentheses: 0)]
        func at(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }
        func blank(_ range: Range<Int>) {
            for k in range where k < out.count && out[k] != newline { out[k] = space }
        }
        /// The number of `#` from `i` on.
        func hashes(from i: Int) -> Int {
            var n = 0
            while at(i + n) == hash { n += 1 }
            return n
        }
        var i = 0
        while i < bytes.count {
            switch places[places.count - 1] {
            case .code(let parentheses):
                let c = bytes[i]
                if c == slash && at(i + 1) == slash {
                    var j = i
                    while j < bytes.count && bytes[j] != newline { j += 1 }
                    blank(i..<j)
                    i = j
                } else if c == slash && at(i + 1) == star {
                    // Block comments nest in Swift.
                    var depth = 0, j = i
                    repeat {
                        if at(j) == slash && at(j + 1) == star { depth += 1; j += 2 }
                        else if at(j) == star && at(j + 1) == slash { depth -= 1; j += 2 }
                        else { j += 1 }
                    } while depth > 0 && j < bytes.count
                    blank(i..<j)
                    i = j
                } else if c == quote || (c == hash && at(i + hashes(from: i)) == quote) {
                    let n = c == hash ? hashes(from: i) : 0
                    let multiline = at(i + n) == quote && at(i + n + 1) == quote && at(i + n + 2) == quote
                    let end = i + n + (multiline ? 3 : 1)
                    blank(i..<end)
                    places.append(.string(multiline: multiline, hashes: n))
                    i = end
                } else if c == open {
                    places[places.count - 1] = .code(parentheses: parentheses + 1)
                    i += 1
                } else if c == close && parentheses == 0 && places.count > 1 {
                    // The end of an interpolation: back in its string.
                    places.removeLast()
                    blank(i..<(i + 1))
                    i += 1
                } else {
                    if c == close { places[places.count - 1] = .code(parentheses: parentheses - 1) }
                    i += 1
                }
            case .string(let multiline, let n):
                let c = bytes[i]
                if c == backslash && hashes(from: i + 1) >= n {
                    let after = i + 1 + n
                    if at(after) == open {
                        blank(i..<(after + 1))
                        places.append(.code(parentheses: 0))
                        i = after + 1
                    } else {
                        // An escape: its next character (a quote, a backslash) is the string's.
                        blank(i..<(after + 1))
                        i = after + 1
                    }
                } else if c == quote && (!multiline || (at(i + 1) == quote && at(i + 2) == quote)) {
                    let end = i + (multiline ? 3 : 1)
                    if hashes(from: end) >= n {
                        blank(i..<(end + n))
                        places.removeLast()
                        i = end + n
                    } else {
                        blank(i..<(i + 1))
                        i += 1
                    }
                } else {
                    blank(i..<(i + 1))
                    i += 1
                }
            }
        }
        return out
    }

    /// The blanked code cut into words, each with its line and brace depth.
    static func tokenize(_ code: [UInt8]) -> [Token] {
        let operators = Set("=-+*/%<>!&|^~?".utf8)
        func isWord(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x24 || c >= 0x80
        }
        var tokens: [Token] = []
        var line = 1, depth = 0, lineOpen = true
        var i = 0
        func add(_ start: Int, _ end: Int, depth d: Int) {
            tokens.append(Token(text: String(decoding: code[start..<end], as: UTF8.self), line: line, depth: d, opensLine: lineOpen))
            lineOpen = false
        }
        while i < code.count {
            let c = code[i]
            if c == 0x0A { line += 1; lineOpen = true; i += 1; continue }
            if c == 0x20 || c == 0x09 || c == 0x0D { i += 1; continue }
            var j = i + 1
            if c == 0x60 {
                // A `backquoted` identifier is its name.
                while j < code.count && code[j] != 0x60 && code[j] != 0x0A { j += 1 }
                add(i + 1, j, depth: depth)
                i = min(j + 1, code.count)
                continue
            }
            if isWord(c) {
                while j < code.count && isWord(code[j]) { j += 1 }
            } else if operators.contains(c) {
                while j < code.count && operators.contains(code[j]) { j += 1 }
            }
            if c == 0x7B { add(i, j, depth: depth); depth += 1; i = j; continue }
            if c == 0x7D { depth = max(0, depth - 1) }
            add(i, j, depth: depth)
            i = j
        }
        return tokens
    }
}
