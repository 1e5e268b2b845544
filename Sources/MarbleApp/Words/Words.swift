import Synchronization

/// The words the window shows and the voice says, in the child's language.
///
/// Every string a person sees in the window goes through `tr(_:)`, which looks it up in the
/// `Words` in force: English as written (the message ids are the English), a catalogue read
/// through gettext (`MarbleGettext`, set by `marble` at launch from the locale), or the
/// pseudo-locale that shows clipping before a translator does. A test picks its own with
/// `Words.$scoped.withValue(…)`, so tests running side by side never see each other's.
public struct Words: Sendable {
    /// The language's code ("en", "es", "de"; "pseudo"): what the voice speaks.
    public let language: String
    /// The translation of one message id (itself when the catalogue has none).
    let lookup: @Sendable (String) -> String
    /// The translation of a message with a plural (`one`, `other`) for a count.
    let pluralLookup: @Sendable (_ one: String, _ other: String, _ count: Int) -> String

    public init(language: String, lookup: @escaping @Sendable (String) -> String,
                plural: @escaping @Sendable (_ one: String, _ other: String, _ count: Int) -> String) {
        self.language = language
        self.lookup = lookup
        self.pluralLookup = plural
    }

    /// English, as the message ids are written.
    public static let english = Words(language: "en", lookup: { $0 }, plural: { one, other, n in n == 1 ? one : other })

    /// The words a test set for its own task, if any (`Words.$scoped.withValue(.pseudo) { … }`).
    @TaskLocal public static var scoped: Words?

    // The process's words: set once at launch, before the first frame.
    private static let process = Mutex<Words>(.english)

    /// The words in force: the task's, else the process's.
    public static var current: Words { scoped ?? process.withLock { $0 } }

    /// Makes `words` the process's from now on (at launch, from the locale).
    public static func use(_ words: Words) { process.withLock { $0 = words } }
}

/// `message` in the language in force; `{name}` placeholders are filled from `values`.
///
/// The message is a string literal with no interpolation (`Tests/Tools/make_pot.py` finds
/// every call to write `po/marble.pot`): "Player {n}", never "Player \(n)".
public func tr(_ message: String, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]) -> String {
    Words.fill(Words.current.lookup(message), values)
}

/// A message with a plural form, for `count` (filled in as `{n}`): "{n} star" / "{n} stars".
public func tr(one: String, other: String, count: Int, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]) -> String {
    var all: [(String, any CustomStringConvertible)] = [("n", count)]
    all.append(contentsOf: values.map { ($0.key, $0.value) })
    return Words.fill(Words.current.pluralLookup(one, other, count), all)
}

extension Words {
    /// `text` with each `{key}` replaced by its value's description.
    static func fill<S: Sequence>(_ text: String, _ values: S) -> String where S.Element == (key: String, value: any CustomStringConvertible) {
        fill(text, values.map { ($0.key, $0.value) })
    }

    static func fill(_ text: String, _ values: [(String, any CustomStringConvertible)]) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var out = ""
        var rest = Substring(text)
        // A `{key}` with a value is replaced; any other brace stays as written.
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                  let value = values.first(where: { $0.0 == rest[rest.index(after: open)..<close] }) else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += value.1.description
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
