import CIntl
import MarbleApp

/// The window's words from the gettext catalogues (`marble.mo`), in the locale's language.
///
/// Only LC_MESSAGES (which catalogue) is taken from the environment: LC_NUMERIC stays "C",
/// since numbers are parsed and printed everywhere, and LC_CTYPE too (see `fromLocale`).
public enum GettextWords {
    /// The gettext domain: `LL/LC_MESSAGES/marble.mo`.
    public static let domain = "marble"

    /// The words of the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) from the catalogues in
    /// `folder` (`share/locale`). Sets the process's LC_MESSAGES: call it once, at
    /// launch, before any thread reads them. English when no catalogue matches.
    public static func fromLocale(folder: String) -> Words {
        setlocale(LC_MESSAGES, "")
        // Not LC_CTYPE: the catalogues are bound to UTF-8 whatever it says, and under a UTF-8
        // LC_CTYPE SDL names the X window in UTF8_STRING, which xdotool and older tools
        // cannot match (the window e2e found no window "Marble").
        bind(folder)
        textdomain(domain)
        let language = catalogueLanguage(header(domain)) ?? "en"
        return Words(language: language, lookup: { translate($0) }, plural: { translate($0, $1, $2) })
    }

    /// The words of one locale (`es_ES.UTF-8`), for tests running side by side: each lookup
    /// reads the catalogue under that locale on its own thread only (`uselocale`), never
    /// changing the process's. Nil when the system does not have the locale (`locale -a`).
    public static func forLocale(_ name: String, folder: String) -> Words? {
        guard let locale = newlocale(LC_MESSAGES_MASK | LC_CTYPE_MASK, name, nil) else { return nil }
        bind(folder)
        // The locale lives as long as the process: the words may be read at any time.
        let handle = LocaleHandle(locale)
        let language = handle.reading { catalogueLanguage(header(domain)) } ?? "en"
        return Words(language: language, lookup: { message in handle.reading { translate(message) } },
                     plural: { one, other, n in handle.reading { translate(one, other, n) } })
    }

    /// The catalogues of `domain` are read from `folder`, in UTF-8 whatever LC_CTYPE says.
    static func bind(_ folder: String) {
        bindtextdomain(domain, folder)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The header of the catalogue found (its translation of ""); empty when none was.
    static func header(_ domain: String) -> String { translate("") }

    /// `message` in the catalogue's language, or itself.
    ///
    /// gettext answers an untranslated message with the very pointer it was given, which is
    /// Swift's temporary copy of the string, gone when the call returns: so the answer is read
    /// while that copy lives, and the message itself is kept when the pointer is its own.
    static func translate(_ message: String) -> String {
        message.withCString { id in
            guard let found = dgettext(domain, id), found != UnsafeMutablePointer(mutating: id) else { return message }
            return String(cString: found)
        }
    }

    /// The form of `one`/`other` for `n` in the catalogue's language, or English's.
    static func translate(_ one: String, _ other: String, _ n: Int) -> String {
        one.withCString { oneID in
            other.withCString { otherID in
                guard let found = dngettext(domain, oneID, otherID, UInt(max(n, 0))) else { return n == 1 ? one : other }
                if found == UnsafeMutablePointer(mutating: oneID) { return one }
                if found == UnsafeMutablePointer(mutating: otherID) { return other }
                return String(cString: found)
            }
        }
    }

    /// The language a catalogue's header names ("Language: es_ES" is "es"); nil for none.
    static func catalogueLanguage(_ header: String) -> String? {
        for line in header.split(separator: "\n") where line.hasPrefix("Language:") {
            let value = line.dropFirst("Language:".count).drop { $0 == " " }
            let code = value.prefix { $0.isLetter }
            return code.isEmpty ? nil : code.lowercased()
        }
        return nil
    }
}

/// A `locale_t` kept for the process's life, sendable: glibc's locale objects are read-only
/// once made, and each thread uses it through `uselocale`.
private final class LocaleHandle: @unchecked Sendable {
    let locale: locale_t
    init(_ locale: locale_t) { self.locale = locale }

    /// `body` run with this locale as the calling thread's, the thread's own put back after.
    func reading<T>(_ body: () -> T) -> T {
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }
}
