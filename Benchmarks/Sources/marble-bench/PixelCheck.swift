import Foundation
import MarbleKit

/// The pixels of this build: every shipped log in `Replays/` replayed to the canvas hash that
/// `Replays/canvas-sha256.txt` names, before any speed is measured.
///
/// Release builds target the machine's own vector unit (the Makefile's MARBLE_CPU), where the tests'
/// debug build does not. Swift never fuses a multiply and an add, so the pixels must not move;
/// this check is what says so, and a benchmark of a build that paints differently stops here.
enum PixelCheck {
    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    /// Replays every log the table names; returns how many matched, or throws naming the first
    /// that did not.
    static func run(replays folder: String) throws -> Int {
        let tablePath = folder + "/canvas-sha256.txt"
        let text = try String(contentsOfFile: tablePath, encoding: .utf8)
        var checked = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2 else {
                throw Mismatch(description: "\(tablePath):\(number + 1): expected `<sha256>  <log>`")
            }
            let name = String(fields[1]), expected = String(fields[0])
            let read = try MarbleLog.read(contentsOf: folder + "/" + name, io: .system)
            let session = try DrawingSession.replaying(read.log, configuration: SessionConfiguration(setup: read.log.setup.setup))
            let hash = session.report().canvasSHA256
            guard hash == expected else {
                throw Mismatch(description: "\(folder)/\(name): this build paints canvas \(hash), the table says \(expected)")
            }
            checked += 1
        }
        return checked
    }
}
