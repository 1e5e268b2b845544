import Foundation
import MarbleApp
import MarbleKit

extension Shapes {
    /// An icon drawn into a square, in one colour: shapes a child reads without words.
    mutating func icon(_ icon: Icon, in r: Rect, _ c: RGBA8) {
        switch icon {
        case .plus, .play, .gallery, .quit, .check, .save, .home, .trash, .back, .pause, .cross, .undo, .redo, .help,
             .watch, .film, .faster, .slower:
            actionIcon(icon, in: r, c)
        case .realBall, .marbles, .easyBall, .keyboard, .gamepad, .gear, .soundOn, .soundOff, .voiceOn, .voiceOff, .upDown, .mirror,
             .bigButtons, .level:
            settingIcon(icon, in: r, c)
        case .penUp, .log, .eraser, .stopwatch, .brush:
            toolIcon(icon, in: r, c)
        case .phone, .deviceFlat, .deviceTipped, .tiltBlocked:
            phoneIcon(icon, in: r, c)
        case .picture, .glass:
            pictureIcon(icon, in: r, c)
        case .tray, .clock, .cloudCross, .key, .fullTray, .cloudDown, .people, .nameMark, .openPadlock:
            classIcon(icon, in: r, c)
        case .numeral(let n):
            numeral(n, in: r, c)
        case .trace(let shape):
            traceIcon(shape, in: r, c)
        case .star(let earned):
            starIcon(earned: earned, in: r, c)
        }
    }
}
