extension Words {
    /// The pseudo-locale: every string about 40 % longer, its letters accented, in brackets
    /// ("Ñéŵ ðŕàŵîñĝ ~~~~"), so that clipped or overlapping text shows before a translator's does.
    ///
    /// `{name}` placeholders stay as they are, so filled values read as in English.
    public static let pseudo = Words(language: "pseudo", lookup: { pseudoLonger($0) },
                                     plural: { one, other, n in pseudoLonger(n == 1 ? one : other) })

    /// `text` accented and padded to about 1.4 times its length.
    static func pseudoLonger(_ text: String) -> String {
        var out = "["
        var inPlaceholder = false
        for c in text {
            if c == "{" { inPlaceholder = true }
            out.append(inPlaceholder ? c : (accents[c] ?? c))
            if c == "}" { inPlaceholder = false }
        }
        let extra = max(1, (text.count * 4 + 5) / 10 - 3)
        return out + " " + String(repeating: "~", count: extra) + "]"
    }

    // DejaVu Sans has every one of these.
    private static let accents: [Character: Character] = [
        "a": "à", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ",
        "k": "ķ", "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û",
        "w": "ŵ", "y": "ý", "z": "ž", "A": "Å", "C": "Ç", "D": "Ð", "E": "É", "G": "Ĝ", "I": "Î", "L": "Ļ",
        "N": "Ñ", "O": "Ö", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Û", "W": "Ŵ", "Y": "Ý", "Z": "Ž",
    ]
}
