import ArgumentParser
import MarbleKit

extension SoundScale: ExpressibleByArgument {}

/// How the drawing sounds: the scale its colours are heard in.
struct SoundOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The notes the colours play: newton (C major, the default) or pridmore (a semitone per 30° of hue).", valueName: "SCALE"))
    var scale: SoundScale?
}
