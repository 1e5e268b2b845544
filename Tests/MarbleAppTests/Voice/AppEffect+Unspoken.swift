@testable import MarbleApp

extension [AppEffect] {
    /// The effects other than the voice's sentences (which every screen shown adds, voice on).
    var unspoken: [AppEffect] { filter { if case .speak = $0 { false } else { true } } }
}
