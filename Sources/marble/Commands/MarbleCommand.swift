import ArgumentParser

/// The `marble` command: a tilt-driven drawing toy and its headless tools.
struct MarbleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marble",
        abstract: "Tilt the board, roll the marble, paint the trail.",
        discussion: """
            A marble dipped in paint rolls over the canvas as you tilt; its heading picks the \
            colour. Every drawing's input is a marble log (text, see the README) that replays \
            to the same pixels every time.

            Examples:
              marble                                  (the window; see 'marble play --help')
              marble replay Replays/spiral.csv --window
              marble replay Replays/figure-eight.csv --png figure-eight.png
              marble replay my.csv --physics fake --difficulty easy --json
              marble import ~/Downloads/SensorLogger-2026-05-01 -o walk.csv
              marble record --motion 192.168.1.20 --seconds 30 -o phone.csv
              marble replay Replays/spiral.csv --new      (into the drawing store)
              marble drawings
              marble export 20261121-134005-a3f9 --png spiral.png
              marble timelapse 20261121-134005-a3f9 --out spiral.webp
              marble class hand-in --name Ada           (to the class folder; see 'marble class')

            Exit codes: 0 ok, 64 usage, 65 bad data, 66 input missing, 69 no display, 73 cannot create output, 74 I/O error, 75 drawing busy.
            """,
        version: MarbleVersion.number,
        subcommands: [PlayCommand.self, ReplayCommand.self, RecordCommand.self, ImportCommand.self, DrawingsCommand.self, InfoCommand.self, ExportCommand.self, TimelapseCommand.self,
                      OpenCommand.self, DeleteCommand.self, UndoCommand.self, RedoCommand.self, ClearCommand.self,
                      RenameCommand.self, SettingsCommand.self, GuideCommand.self, ClassCommand.self],
        defaultSubcommand: PlayCommand.self
    )
}
