import CSDL2
import MarbleApp

/// The pads the window has open, and what the app has still to hear of them.
struct OpenPads {
    /// Up to four, one a player, by joystick instance id, in the order they opened.
    var open: [(instance: SDL_JoystickID, controller: OpaquePointer)] = []
    /// Events made before the first poll (the pad opened at start), delivered by it.
    var startEvents: [UIEvent] = []
    /// When to look again for the sensors of a pad that opened without them (SDL gives no
    /// event when they appear, a little after the pad opens).
    var sensorRecheck: [SDL_JoystickID: Double] = [:]
    /// Where a blocked pad's hidraw nodes are looked for.
    var hidrawRoots = (sys: "/sys/class/hidraw", dev: "/dev")
}
