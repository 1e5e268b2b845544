import Foundation
import MarbleTestSupport
import Testing

/// `marble play` and `replay --window` where there is no display: a clear message, never a crash.
@Suite struct WindowCommandTests {
    static let noDisplay = ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"]

    @Test func playWithoutDisplayExplainsAndExits69() throws {
        let dir = try TempFolder("cli")
        let start = Date()
        let out = try MarbleProcess.run(["play", "--store", dir.path], removing: Self.noDisplay)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(out.status == 69)
        #expect(out.stderr.contains("no display was found"))
        #expect(out.stderr.contains("marble replay"))
        #expect(out.stderr.contains("--png"))
    }

    @Test func marbleAloneIsPlay() throws {
        let dir = try TempFolder("cli")
        let out = try MarbleProcess.run(["--store", dir.path], removing: Self.noDisplay)
        #expect(out.status == 69)
        #expect(out.stderr.contains("no display was found"))
    }

    @Test func replayWindowWithoutDisplayExplains() throws {
        let out = try MarbleProcess.run(["replay", "Replays/figure-eight.csv", "--window"], removing: Self.noDisplay)
        #expect(out.status == 69)
        #expect(out.stderr.contains("no display was found"))
    }

    @Test func continueWithUnknownIDFailsBeforeAnyWindow() throws {
        let dir = try TempFolder("cli")
        let out = try MarbleProcess.run(["play", "--continue", "--store", dir.path], removing: Self.noDisplay)
        #expect(out.status == 66)
        #expect(!out.stderr.contains("no display"))
    }

    @Test func playOptionsAreChecked() throws {
        let a = try MarbleProcess.run(["play", "--physics", "fake"], removing: Self.noDisplay)
        #expect(a.status == 64)
        let b = try MarbleProcess.run(["play", "--new", "--sensitivity", "9"], removing: Self.noDisplay)
        #expect(b.status == 64)
        let c = try MarbleProcess.run(["replay", "Replays/figure-eight.csv", "--window", "--json"], removing: Self.noDisplay)
        #expect(c.status == 64)
    }
}
