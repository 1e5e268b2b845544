/// A sentence for the voice, in a language: what `AppEffect.speak` asks the platform to say.
///
/// Speech is not part of a drawing: it is never logged, never replayed, and mixed beside the
/// drawing's sound, so the same log still replays to the same pixels and samples.
public struct Speech: Equatable, Sendable {
    /// What to say, already in `language` (it came through `tr`).
    public var text: String
    /// The language's code ("en", "es", "de"): the voice to say it with.
    public var language: String
    /// Whether it cuts off what is being said (a new screen, the focus moving on); otherwise it
    /// waits its turn.
    public var interrupts: Bool

    public init(_ text: String, language: String, interrupts: Bool = true) {
        self.text = text
        self.language = language
        self.interrupts = interrupts
    }
}
