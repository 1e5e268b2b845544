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

    @Test("--phone-page takes [HOST][:PORT] or nothing; a bad address is a message and exit 64, before any window")
    func phonePageAddressChecked() throws {
        let bad = try MarbleProcess.run(["play", "--phone-page", "1.2.3"], removing: Self.noDisplay)
        #expect(bad.status == 64 && bad.stderr.contains("--phone-page: \"1.2.3\" is not an IPv4 address"))
        let port = try MarbleProcess.run(["play", "--phone-page", ":99999"], removing: Self.noDisplay)
        #expect(port.status == 64 && port.stderr.contains("the port \"99999\""))
        // Given no value (last, or before another option), it is taken: the window is what fails here.
        let dir = try TempFolder("cli")
        for args in [["play", "--store", dir.path, "--phone-page"], ["play", "--phone-page", "--store", dir.path]] {
            let out = try MarbleProcess.run(args, removing: Self.noDisplay)
            #expect(out.status == 69 && out.stderr.contains("no display was found"), "\(args)")
        }
    }
}
