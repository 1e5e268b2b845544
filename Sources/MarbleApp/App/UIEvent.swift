import MarbleKit

/// What a platform reports, in words the app understands: no SDL types beyond this line.
public enum UIEvent: Equatable, Sendable {
    case keyDown(Key, ctrl: Bool, isRepeat: Bool)
    case keyUp(Key)
    case padButtonDown(PadButton)
    case padButtonUp(PadButton)
    /// The pad's sticks after a change, each axis in −1…1 (y positive down, as SDL gives it).
    case padSticks(leftX: Double, leftY: Double, rightX: Double, rightY: Double)
    /// A pad was connected (or found at start); it has these motion sensors.
    case padAdded(name: String, accelerometer: Bool, gyro: Bool)
    /// The pad in use was disconnected.
    case padRemoved
    /// The pad in use has motion sensors the system keeps from us (its hidraw node, named).
    case padMotionBlocked(String)
    /// Accelerometer reading in m/s² (including gravity), pad axes as SDL gives them.
    case accelerometer(x: Double, y: Double, z: Double, timestampUS: UInt64)
    /// Gyro reading in rad/s, counter-clockwise positive.
    case gyro(pitch: Double, yaw: Double, roll: Double, timestampUS: UInt64)
    case pointerMoved(Point)
    case pointerDown(Point)
    case pointerUp(Point)
    case wheel(Double)
    /// The window's close button, or SIGTERM: save and go.
    case quitRequested
    /// Minimised or hidden, or shown again.
    case hidden
    case shown
    /// The window lost the keyboard: keys held now will never report their release.
    case focusLost
    /// Text typed (a key or a keyboard layout's character), for the few fields that take it.
    case text(String)
    /// A datagram from a phone or handheld's DSU server, arrived since the last frame
    /// (`second`: on marble 2's phone's socket).
    case motionDatagram([UInt8], second: Bool = false)
    /// What a second pad did, plugged in beside the first: two children, a pad each.
    case secondPad(SecondPadEvent)
}

/// The pad events of a second pad (`UIEvent.secondPad`): it drives the second marble.
public enum SecondPadEvent: Equatable, Sendable {
    case added(name: String)
    case removed
    case buttonDown(PadButton)
    case buttonUp(PadButton)
    case sticks(leftX: Double, leftY: Double, rightX: Double, rightY: Double)
    case accelerometer(x: Double, y: Double, z: Double, timestampUS: UInt64)
    case gyro(pitch: Double, yaw: Double, roll: Double, timestampUS: UInt64)
}

/// The keys the app uses.
public enum Key: Hashable, Sendable {
    case up, down, left, right, w, a, s, d, q, e
    case space, enter, escape, tab, backspace, delete
    case n, c, g, r, f, h, l, y, m, z, i, x, b, t, p
    case one, two, three
    case plus, minus
    case f1, f11
    /// A second marble's keys on the right hand: its colour (`,` and `.`) and its pen.
    case comma, period, rightShift
    /// The second marble's eraser (`/`) and widths (8, 9, 0).
    case slash, eight, nine, zero
}

/// Pad buttons by position (SDL's GameController names).
public enum PadButton: Hashable, Sendable {
    case south, east, west, north, back, start, leftShoulder, rightShoulder
    case dpadUp, dpadDown, dpadLeft, dpadRight
}

/// What the app asks of its platform.
public enum AppEffect: Equatable, Sendable {
    case toggleFullscreen
    /// Everything is saved; close the window and exit.
    case quit
    /// Listen to this DSU server from now on (nil: to none), on marble 1's phone's socket
    /// (`second`: marble 2's; two sockets, so two pads of one server are two clients).
    case motionServer(DSUAddress?, second: Bool = false)
    /// Send this datagram to a DSU server (a request, once a second).
    case sendMotion([UInt8], second: Bool = false)
}
