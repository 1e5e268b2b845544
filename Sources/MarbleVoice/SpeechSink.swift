/// Where the voice's samples go: mono 16-bit at the drawing's rate (`Synthesizer.sampleRate`).
///
/// The speaker's thread is the only caller. `write` takes what fits and says how much: the
/// speaker waits and offers the rest again, so speech is never dropped for being made faster
/// than it plays. `clear` forgets what waits unplayed (an interrupting sentence cuts it off).
public struct SpeechSink: Sendable {
    public var write: @Sendable (UnsafeBufferPointer<Int16>) -> Int
    public var clear: @Sendable () -> Void

    public init(write: @escaping @Sendable (UnsafeBufferPointer<Int16>) -> Int, clear: @escaping @Sendable () -> Void) {
        self.write = write
        self.clear = clear
    }
}
