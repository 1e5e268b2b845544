import Foundation
import MarbleTestSupport
import Testing

/// `marble play --no-voice` (and `marble --no-voice`): the voice silent for the run.
@Suite("marble play --no-voice")
struct NoVoiceOptionTests {
    @Test("--no-voice is taken by play and by marble alone (the window is what fails here); misspelt, exit 64")
    func parses() throws {
        let dir = try TempFolder("cli-voice")
        for args in [["play", "--no-voice", "--store", dir.path], ["--no-voice", "--store", dir.path]] {
            let out = try MarbleProcess.run(args, removing: WindowCommandTests.noDisplay)
            #expect(out.status == 69 && out.stderr.contains("no display was found"), "\(args): \(out.stderr)")
        }
        let wrong = try MarbleProcess.run(["play", "--no-voices", "--store", dir.path], removing: WindowCommandTests.noDisplay)
        #expect(wrong.status == 64 && wrong.stderr.contains("--no-voices"), "\(wrong.stderr)")
        let help = try MarbleProcess.run(["play", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--no-voice"), "\(help.stdout)")
    }
}
