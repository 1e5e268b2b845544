import Foundation

/// The drawing setup a log asks for in its metadata (`physics`, `difficulty`, `canvas`, `damping`).
extension MarbleLog {
    /// What the metadata names; nil where it names nothing, or nothing valid.
    public struct Setup: Equatable, Sendable {
        public var mode: PhysicsMode?
        public var difficulty: Difficulty?
        public var canvasSize: (width: Int, height: Int)?
        public var damping: Double?

        public init(mode: PhysicsMode? = nil, difficulty: Difficulty? = nil,
                    canvasSize: (width: Int, height: Int)? = nil, damping: Double? = nil) {
            self.mode = mode
            self.difficulty = difficulty
            self.canvasSize = canvasSize
            self.damping = damping
        }

        public static func == (a: Setup, b: Setup) -> Bool {
            a.mode == b.mode && a.difficulty == b.difficulty && a.damping == b.damping
                && a.canvasSize?.width == b.canvasSize?.width && a.canvasSize?.height == b.canvasSize?.height
        }
    }

    /// The setup the metadata asks for, and a note for each value that could not be used.
    public var setup: (setup: Setup, problems: [String]) {
        var s = Setup()
        var problems: [String] = []
        if let v = metadataValue("physics") {
            s.mode = PhysicsMode(rawValue: v.trimmingCharacters(in: .whitespaces))
            if s.mode == nil { problems.append("unknown physics '\(v)' in the metadata (real or fake)") }
        }
        if let v = metadataValue("difficulty") {
            s.difficulty = Difficulty(rawValue: v.trimmingCharacters(in: .whitespaces))
            if s.difficulty == nil { problems.append("unknown difficulty '\(v)' in the metadata (easy, normal or hard)") }
        }
        if let v = metadataValue("canvas") {
            let parts = v.trimmingCharacters(in: .whitespaces).lowercased().split(separator: "x")
            if parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
               (1...Canvas.maxSide).contains(w), (1...Canvas.maxSide).contains(h) {
                s.canvasSize = (w, h)
            } else {
                problems.append("canvas '\(v)' in the metadata is not WIDTHxHEIGHT")
            }
        }
        if let v = metadataValue("damping") {
            if let d = Double(v.trimmingCharacters(in: .whitespaces)), d.isFinite, d >= 0, d <= 1000 {
                s.damping = d
            } else {
                problems.append("damping '\(v)' in the metadata is not a number from 0 to 1000")
            }
        }
        return (s, problems)
    }
}

extension SessionConfiguration {
    /// The configuration a log's setup asks for; what it leaves out is real, normal, the
    /// preset's damping and the default canvas.
    public init(setup: MarbleLog.Setup) {
        let difficulty = setup.difficulty ?? .normal
        var parameters = PhysicsParameters.preset(difficulty)
        if let d = setup.damping { parameters.damping = d }
        self.init(
            mode: setup.mode ?? .real, difficulty: difficulty, parameters: parameters,
            canvasWidth: setup.canvasSize?.width ?? Self.defaultSize.width,
            canvasHeight: setup.canvasSize?.height ?? Self.defaultSize.height)
    }
}
