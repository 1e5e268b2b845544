import ArgumentParser
import Foundation
import MarbleKit

/// `marble import`: turns phone sensor exports into a marble log.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn phone sensor recordings (Sensor Logger, phyphox) into a marble log.",
        discussion: """
            Give the folder the app exported, or its CSV files. Recognised:
              Sensor Logger (iOS, Android): Gravity.csv, with Orientation.csv
                or Magnetometer.csv for the heading
              phyphox CSV exports: the accelerometer ("X (m/s^2)", …), with
                the magnetometer ("X (µT)", …) for the heading
            Tilt comes from the direction of gravity; the heading from the
            phone's yaw or its compass.

            Example:
              marble import ~/Downloads/SensorLogger-2026-05-01 -o walk.csv
              marble replay walk.csv --png walk.png

            """
    )

    @Argument(help: ArgumentHelp("Exported files or folders.", valueName: "PATH"))
    var paths: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The marble log to write.", valueName: "OUT.csv"))
    var output: String

    func run() throws {
        let result: ImportResult
        do {
            result = try PhoneImport.importLog(paths: paths, io: Environment.live().io)
        } catch {
            complain(error.description)
            if case .missing = error { throw Exit.inputMissing }
            throw Exit.badData
        }
        try writeOutput(Array(result.log.text().utf8), to: output, io: Environment.live().io)
        for note in result.notes { printError("note: \(note)") }
        let duration = result.log.timeSpan.map { $0.last - $0.first } ?? 0
        print("Imported \(result.log.rowCount) samples (\(String(format: "%.1f", duration)) s) from \(result.source): \(result.filesUsed.joined(separator: ", "))")
        print("Wrote \(output)")
    }
}
