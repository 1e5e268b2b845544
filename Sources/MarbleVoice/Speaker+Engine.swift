import CEspeak
import Foundation
import MarbleApp
import MarbleKit

extension Speaker {
    /// The voice's thread: espeak-ng, and the sentence it is saying. Only that thread touches it.
    final class Engine {
        /// One speaker at a time has espeak in a process (tests start several).
        static let gate = DispatchSemaphore(value: 1)
        /// espeak's sample rate once started in this process. It is started once and kept:
        /// espeak-ng 1.51 hangs in `espeak_Terminate` the second time round. Only the holder of
        /// `gate` reads or writes it.
        nonisolated(unsafe) static var sampleRate: Int?
        /// espeak's buffer: samples reach the callback, and a stop is heard, every 100 ms of speech.
        static let bufferMilliseconds: Int32 = 100

        let shared: Shared
        var resampler: Resampler
        /// The generation the sentence under way began under.
        var generation = 0
        /// The generation the sink was last emptied for.
        var cleared = 0
        /// The language asked for last, and whether espeak speaks it (or English instead).
        var language: String?
        var resampled: [Int16] = []

        init(_ shared: Shared, sampleRate: Int) {
            self.shared = shared
            resampler = Resampler(from: sampleRate, to: Synthesizer.sampleRate)
        }

        /// The thread's whole life: waits for espeak, starts it if no speaker before did (or
        /// says once why not), speaks what is queued until stopped, then lets espeak go to the
        /// next speaker. A data folder that holds no voices is silence too, even with espeak
        /// started from another.
        static func run(_ shared: Shared, dataPath: String?) {
            while gate.wait(timeout: .now() + 0.05) == .timedOut {
                if shared.state.withLock({ $0.stopped }) {
                    shared.done.signal()
                    return
                }
            }
            defer {
                gate.signal()
                shared.done.signal()
            }
            let usable = dataPath.map(hasVoices) ?? true
            if !usable { shared.log("the voice is off: no espeak-ng data at \(dataPath ?? "")") }
            guard usable, let rate = sampleRate ?? start(dataPath: dataPath, log: shared.log) else {
                shared.state.withLock { s in
                    s.silent = true
                    s.queue = []
                }
                return
            }
            sampleRate = rate
            let engine = Engine(shared, sampleRate: rate)
            espeak_SetSynthCallback { wav, count, events in
                guard let events, let me = events.pointee.user_data else { return 0 }
                return Unmanaged<Engine>.fromOpaque(me).takeUnretainedValue().take(wav, Int(count)) ? 0 : 1
            }
            shared.state.withLock { $0.ready = true }
            engine.speakAll()
        }

        /// Starts espeak for synchronous synthesis into the callback; its sample rate, or nil
        /// after one line through `log`. espeak-ng's own calls: `espeak_Initialize` prints
        /// its errors itself (several lines) where the toy has one to say.
        static func start(dataPath: String?, log: (String) -> Void) -> Int? {
            espeak_ng_InitializePath(dataPath)
            var context: espeak_ng_ERROR_CONTEXT?
            var status = espeak_ng_Initialize(&context)
            espeak_ng_ClearErrorContext(&context)
            if status == ENS_OK { status = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, bufferMilliseconds, nil) }
            guard status == ENS_OK else {
                var message = [CChar](repeating: 0, count: 256)
                espeak_ng_GetStatusCodeMessage(status, &message, message.count)
                let why = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                log("the voice is off: espeak-ng's data \(dataPath.map { "at \($0) " } ?? "")could not be read (\(why))")
                return nil
            }
            return Int(espeak_ng_GetSampleRate())
        }

        /// Whether `folder` is espeak-ng's data (its phoneme table), or holds it as `espeak-ng-data`.
        static func hasVoices(_ folder: String) -> Bool {
            let fm = FileManager.default
            return fm.fileExists(atPath: folder + "/phontab") || fm.fileExists(atPath: folder + "/espeak-ng-data/phontab")
        }

        /// Speaks each queued sentence, sleeping while there is none, until stopped.
        func speakAll() {
            while true {
                shared.wake.wait()
                while let (speech, generation) = next() { speak(speech, generation: generation) }
                let (generation, stopped) = shared.state.withLock { ($0.generation, $0.stopped) }
                if stopped { return }
                // Hushed: what waits unplayed goes now, not with the next sentence.
                if generation != cleared {
                    shared.sink.clear()
                    cleared = generation
                }
            }
        }

        /// The next sentence and its generation, marked as being said; nil when none waits.
        func next() -> (Speech, Int)? {
            shared.state.withLock { s in
                guard !s.stopped, !s.queue.isEmpty else {
                    s.speaking = false
                    return nil
                }
                s.speaking = true
                return (s.queue.removeFirst(), s.generation)
            }
        }

        func speak(_ speech: Speech, generation: Int) {
            // An interruption since the last sentence: what waits unplayed of it goes.
            if generation != cleared {
                shared.sink.clear()
                cleared = generation
            }
            useVoice(for: speech.language)
            self.generation = generation
            resampler.reset()
            let me = Unmanaged.passUnretained(self).toOpaque()
            let text = Array(speech.text.utf8CString)
            text.withUnsafeBufferPointer { t in
                _ = espeak_Synth(t.baseAddress, t.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, me)
            }
            // Cut short: espeak forgets the rest, which would otherwise open the next sentence.
            if shared.cancelled(since: generation) { _ = espeak_Cancel() }
        }

        /// espeak's voice for `language` ("es", "es_ES", "de-AT"), else its bare code, else English.
        func useVoice(for language: String) {
            guard language != self.language else { return }
            self.language = language
            let bare = String(language.prefix { $0 != "_" && $0 != "-" && $0 != "." })
            for name in [language, bare, "en"] where !name.isEmpty {
                if espeak_SetVoiceByName(name) == EE_OK { return }
            }
        }

        /// The callback's samples: resampled and handed to the sink, waiting while it is full;
        /// false when the sentence is to stop (espeak then aborts it).
        func take(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int) -> Bool {
            if shared.cancelled(since: generation) { return false }
            guard let wav, count > 0 else { return true }
            resampled.removeAll(keepingCapacity: true)
            resampler.resample(UnsafeBufferPointer(start: wav, count: count), into: &resampled)
            return resampled.withUnsafeBufferPointer { all in
                var offset = 0
                while offset < all.count {
                    offset += shared.sink.write(UnsafeBufferPointer(rebasing: all[offset...]))
                    if shared.cancelled(since: generation) { return false }
                    // The device plays in real time; speech is made faster: wait for room.
                    if offset < all.count { Thread.sleep(forTimeInterval: 0.005) }
                }
                return true
            }
        }
    }
}
