import MarbleKit

/// A log playing back in the window: Space pauses, + and − change the speed, R restarts.
public final class ReplayPlayer: LoopClient {
    public let log: MarbleLog
    public let configuration: SessionConfiguration
    public let name: String
    // The log played so far; the world reads it through `session`.
    private var live: DrawingSession
    /// Log seconds played since the first sample.
    public private(set) var played = 0.0
    public private(set) var speed: Double
    public private(set) var paused = false
    public private(set) var finished = false
    var next = 0
    var clock = FrameClock()
    var effects: [AppEffect] = []
    // The row being fed, its storage kept from one to the next.
    private var row: [Sample] = []

    public static let speeds: [Double] = [0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64]

    public init(log: MarbleLog, configuration: SessionConfiguration, name: String, speed: Double = 1) {
        self.log = log
        var c = configuration
        // A log of several marbles plays with as many.
        c.marbles = log.marbles.count
        self.configuration = c
        self.name = name
        self.speed = speed
        live = DrawingSession(configuration: c)
    }

    var firstT: Double { log.timeSpan?.first ?? 0 }
    /// Seconds of log from the first row to the last.
    public var length: Double { (log.timeSpan?.last ?? 0) - firstT }
    public var isAtEnd: Bool { next >= log.rowCount }
    public var canvas: Canvas? { live.canvas }
    /// The log played so far, to read.
    public var session: ReadOnlySession { ReadOnlySession(live) }

    /// The player has no buttons: its layout is the scene's alone.
    public func resize(width: Double, height: Double) {}

    public func handle(_ event: UIEvent) {
        switch event {
        case .keyDown(let key, let ctrl, let isRepeat):
            if ctrl && key == .q { quit(); return }
            if isRepeat { return }
            switch key {
            case .space: paused.toggle(); clock.restart()
            case .plus: speed = Self.speeds.first { $0 > speed } ?? speed
            case .minus: speed = Self.speeds.last { $0 < speed } ?? speed
            case .r: restart()
            case .escape: quit()
            case .f11: effects.append(.toggleFullscreen)
            default: break
            }
        case .padButtonDown(.south, _), .padButtonDown(.start, _): paused.toggle(); clock.restart()
        case .padButtonDown(.east, _): quit()
        case .quitRequested: quit()
        default: break
        }
    }

    /// Starts again on a blank canvas.
    public func restart() {
        live = DrawingSession(configuration: configuration)
        next = 0
        played = 0
        clock.restart()
    }

    public func update(now: Double) {
        let dt = clock.tick(now)
        guard !paused else { return }
        played = min(length, played + dt * speed)
        let until = firstT + played
        // A bad row was reported when the log was read; the session drops it again here.
        // Marble 1's samples carry each row's time.
        while next < log.rowCount && log.marbles[0][next].t <= until {
            log.row(next, into: &row)
            _ = try? live.feed(row)
            next += 1
        }
    }

    public func scene(width: Double, height: Double) -> Scene {
        let l = Layout(width: width, height: height)
        let place = CanvasPlacement(width: session.canvas.width, height: session.canvas.height, in: l.bounds)
        let state = paused ? tr("Paused") : (isAtEnd ? tr("Finished") : tr("Playing"))
        // --speed takes any number above 0: Int() of a huge one (or of 1/tiny) would trap.
        let shown = speed.isFinite ? min(max(speed, 1e-6), 1e6) : 1
        let speedText = shown >= 1 ? "\(Int(shown))×" : "1/\(Int((1 / shown).rounded()))×"
        let status = "\(name) · \(state) · \(speedText) · " + tr("{played} of {length}", ["played": formatSeconds(played), "length": formatSeconds(length)])
        let bar = Rect(x: 0, y: l.height - 44 * l.u, w: l.width, h: 44 * l.u)
        var elements: [Element] = [.canvas(place.rect)]
        let read = session
        // Every marble's ball, the first on top.
        elements += read.marbles.reversed().map { place.ball($0, read) }
        // Each marble's heading, as the drawing screen shows them (ringed in its player's colour with several).
        let n = read.marbles.count
        for (k, m) in read.marbles.enumerated() {
            let center = Point((44 + 140 * Double(k)) * l.u, 44 * l.u)
            if n > 1 { elements.append(.ring(center: center, radius: 37 * l.u, width: 6 * l.u, color: PlayerColors.color(of: k))) }
            elements.append(.heading(center: center, radius: 30 * l.u, degrees: m.heading, color: m.color))
        }
        elements += [
            .box(bar, Palette.shade, radius: 0),
            .text(status, Point(16 * l.u, bar.center.y), .small, Palette.text, .left),
            .text(tr("Space pause · + − speed · R restart · Esc close"), Point(l.width - 16 * l.u, bar.center.y), .small, Palette.dimText, .right),
        ]
        return Scene(layers: [Layer(elements: elements)])
    }

    public func takeEffects() -> [AppEffect] {
        defer { effects = [] }
        return effects
    }

    public func quit() {
        finished = true
        effects.append(.quit)
    }
}
