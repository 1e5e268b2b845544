/// Text made safe for a terminal: no control character from outside bytes reaches it.
///
/// A drawing's title, a file's name, a server's reason phrase or `Location` header are
/// somebody else's bytes. Printed raw, `"evil\u{1B}]0;owned\u{07}\u{1B}[2J"` renames the
/// terminal and clears it, and a right-to-left override turns a name around. So every line
/// `marble` prints passes through here (`print`, `printError` and `printOutput` below are the
/// only ways out): each C0 and C1 control, DEL, and each bidirectional override or isolate
/// is written as its Swift escape (`\u{1B}`), which a person can read and nothing executes.
/// A line break and a tab are kept: they are `marble`'s own layout.
enum TerminalText {
    /// `text` with every control written as `\u{…}`, except a line break and a tab.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else { out.append(scalar); continue }
            out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
        }
        return String(out)
    }

    /// Whether `scalar` would steer a terminal (or reorder what it shows) instead of showing.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Bidirectional embeddings, overrides and isolates (the "trojan source" characters).
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

/// `Swift.print`, with every item made terminal-safe (`TerminalText.safe`).
///
/// Declared in this module so that each `print` in `marble` resolves here, not to the
/// standard library's: a new command cannot forget to escape a title.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { TerminalText.safe(String(describing: $0)) }.joined(separator: separator)
    Swift.print(text, terminator: terminator)
}
