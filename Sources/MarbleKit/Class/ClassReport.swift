/// What each child of a class did, from a class gallery: their drawings and how they moved.
public struct ClassReport: Sendable {
    /// One handed-in drawing in the report.
    public struct Drawing: Equatable, Sendable {
        public var id: String
        public var title: String
        public var code: String
        public var secondsMoving: Double
        /// Full turns of tilt (tilt degrees / 360) and of heading (turn degrees / 360).
        public var lapsTilted: Double
        public var circlesTurned: Double
        /// Trace stars (0 to 3), nil for a drawing that traces no shape.
        public var stars: Int?
    }

    /// One child and their drawings, oldest first.
    public struct Child: Equatable, Sendable {
        public var name: String
        public var drawings: [Drawing]
        public var secondsMoving: Double { drawings.reduce(0) { $0 + $1.secondsMoving } }
        public var lapsTilted: Double { drawings.reduce(0) { $0 + $1.lapsTilted } }
        public var circlesTurned: Double { drawings.reduce(0) { $0 + $1.circlesTurned } }
        public var stars: Int { drawings.reduce(0) { $0 + ($1.stars ?? 0) } }
    }

    /// The children by name (a drawing handed in without a name under "").
    public let children: [Child]
    /// Drawings that could not be read, each with why.
    public let notes: [String]

    /// The report of `gallery`, a class gallery made by `ClassPull`; `stars` scores a drawing
    /// that traces a shape (it opens the drawing), nil for none.
    public init(gallery: DrawingStateStore, stars: (DrawingStateStore, DrawingSummary) -> Int? = ClassReport.traceStars) {
        let ledger = PulledLedger(gallery: gallery).byDrawing()
        let (summaries, notes) = gallery.list()
        var byChild: [String: [Drawing]] = [:]
        for s in summaries.sorted(by: { ($0.created, $0.id) < ($1.created, $1.id) }) {
            let line = ledger[s.id]
            // A hand-in names one child: theirs are marble 1's figures.
            let figures = s.marbles.first ?? MovementMeter.Figures(tiltDegrees: 0, turnDegrees: 0, activeSeconds: 0)
            byChild[line?.child ?? "", default: []].append(Drawing(
                id: s.id, title: s.title, code: line?.code ?? "", secondsMoving: figures.activeSeconds,
                lapsTilted: figures.tiltDegrees / 360, circlesTurned: figures.turnDegrees / 360,
                stars: s.trace == nil ? nil : stars(gallery, s)))
        }
        children = byChild.keys.sorted { $0.lowercased() < $1.lowercased() }.map { Child(name: $0, drawings: byChild[$0] ?? []) }
        self.notes = notes
    }

    /// A drawing's trace stars, by opening it and scoring its canvas.
    public static func traceStars(_ gallery: DrawingStateStore, _ summary: DrawingSummary) -> Int? {
        guard let shape = summary.trace, let drawing = try? gallery.open(summary.id) else { return nil }
        defer { drawing.release() }
        let session = drawing.session
        return TraceScore(shape, canvas: session.canvas, penWidth: session.configuration.parameters.penWidth).stars
    }
}
