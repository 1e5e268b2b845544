import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// A log playing in the window: pause, speed, restart, and the same pixels as the engine.
@Suite("Replay player")
struct ReplayPlayerTests {
    static let configuration = SessionConfiguration(canvasWidth: 320, canvasHeight: 200)

    /// Three seconds of a circling tilt, the colour turning, the pen lifted now and then.
    static let log: MarbleLog = {
        let samples = (0...60).map { i -> Sample in
            let a = Double(i) / 10
            return Sample(t: 10 + Double(i) * 0.05, tilt: Vec2(0.4 * cos(a), 0.4 * sin(a)),
                          heading: Double(i) * 5, penDown: i % 20 < 15)
        }
        return MarbleLog(samples: samples)
    }()

    static func key(_ k: Key) -> UIEvent { .keyDown(k, ctrl: false, isRepeat: false) }

    static func frame(_ p: ReplayPlayer, _ platform: HeadlessPlatform, _ events: UIEvent...) {
        platform.pending += events
        FrameLoop.frame(p, on: platform)
    }

    @Test("Plays to the end with the same pixels and ball as feeding the log to a session")
    func playsToEnd() throws {
        let reference = DrawingSession(configuration: Self.configuration)
        for s in Self.log.marbles[0] { try reference.feed([s]) }
        #expect(reference.canvas.inkStatistics().pixels > 0)

        let player = ReplayPlayer(log: Self.log, configuration: Self.configuration, name: "circle", speed: 8)
        let platform = HeadlessPlatform(width: 320, height: 200)
        var frames = 0
        while !player.isAtEnd && frames < 1000 {
            Self.frame(player, platform)
            frames += 1
        }
        #expect(player.isAtEnd)
        #expect(frames > 20, "3 s at 8× in 1/60 s frames takes about 23 frames, not one")
        #expect(player.played == player.length)
        #expect(differingBytes(player.session.canvas.pixelBytes, reference.canvas.pixelBytes) == 0)
        #expect(player.session.marbles[0].ball.position == reference.marbles[0].ball.position)
        Self.frame(player, platform)
        #expect(platform.lastScene?.texts.contains { $0.contains("Finished") } == true)
    }

    @Test("A two-marble log plays both marbles, to the pixels of feeding both to a session, and shows both balls")
    func twoMarbles() throws {
        var log = Self.log
        log.marbles.append(log.marbles[0].map { s in
            Sample(t: s.t, tilt: Vec2(-s.tilt.y, s.tilt.x), heading: 360 - s.heading.truncatingRemainder(dividingBy: 360) - 1, penDown: true)
        })
        let reference = try DrawingSession.replaying(log, configuration: Self.configuration)
        let player = ReplayPlayer(log: log, configuration: Self.configuration, name: "two", speed: 8)
        let platform = HeadlessPlatform(width: 320, height: 200)
        var frames = 0
        while !player.isAtEnd && frames < 1000 {
            Self.frame(player, platform)
            frames += 1
        }
        #expect(player.session.marbles.count > 1)
        #expect(differingBytes(player.session.canvas.pixelBytes, reference.canvas.pixelBytes) == 0)
        #expect(player.session.marbles.dropFirst().first?.ball == reference.marbles.dropFirst().first?.ball)
        let balls = platform.lastScene?.layers[0].elements.filter { if case .ball = $0 { true } else { false } }
        #expect(balls?.count == 2)
    }

    @Test("Space pauses and resumes; time stands still while paused")
    func pause() {
        let player = ReplayPlayer(log: Self.log, configuration: Self.configuration, name: "circle")
        let platform = HeadlessPlatform(width: 320, height: 200)
        for _ in 0..<7 { Self.frame(player, platform) }
        let played = player.played
        #expect(played > 0.09 && played < 0.11, "6 frames of 1/60 s at 1×")
        Self.frame(player, platform, Self.key(.space))
        #expect(player.paused)
        let samples = player.session.acceptedSamples
        for _ in 0..<10 { Self.frame(player, platform) }
        #expect(player.played == played)
        #expect(player.session.acceptedSamples == samples)
        #expect(platform.lastScene?.texts.contains { $0.contains("Paused") } == true)
        Self.frame(player, platform, Self.key(.space))
        #expect(!player.paused)
        Self.frame(player, platform)
        #expect(player.played > played)
    }

    @Test("+ and − step through the speeds table and stop at its ends")
    func speeds() {
        let table = ReplayPlayer.speeds
        let one = table.firstIndex(of: 1)!
        let player = ReplayPlayer(log: Self.log, configuration: Self.configuration, name: "circle")
        player.handle(Self.key(.plus))
        #expect(player.speed == table[one + 1])
        player.handle(Self.key(.plus))
        #expect(player.speed == table[one + 2])
        for _ in 0..<4 { player.handle(Self.key(.minus)) }
        #expect(player.speed == table[one - 2])
        for _ in 0..<20 { player.handle(Self.key(.minus)) }
        #expect(player.speed == table.first)
        for _ in 0..<20 { player.handle(Self.key(.plus)) }
        #expect(player.speed == table.last)
        player.handle(.keyDown(.minus, ctrl: false, isRepeat: true))
        #expect(player.speed == table.last, "key repeat is ignored")
    }

    @Test("R restarts on a new, blank canvas from the first sample")
    func restart() {
        let player = ReplayPlayer(log: Self.log, configuration: Self.configuration, name: "circle", speed: 4)
        let platform = HeadlessPlatform(width: 320, height: 200)
        for _ in 0..<20 { Self.frame(player, platform) }
        let oldCanvas = player.session.canvas
        #expect(oldCanvas.inkStatistics().pixels > 0)
        #expect(player.session.acceptedSamples > 0)
        Self.frame(player, platform, Self.key(.r))
        #expect(player.session.canvas !== oldCanvas, "a new canvas, so the texture uploads it whole")
        #expect(player.session.acceptedSamples <= 1, "at most the first sample, at 0 s")
        #expect(player.played == 0)
        #expect(!player.isAtEnd)
        Self.frame(player, platform, Self.key(.escape))
        #expect(player.finished)
        #expect(platform.effects == [.quit])
    }
}
