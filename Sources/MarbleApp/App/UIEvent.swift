import MarbleKit

/// What a platform reports, in words the app understands: no SDL types beyond this line.
public enum UIEvent: Equatable, Sendable {
    case keyDown(Key, ctrl: Bool, isRepeat: Bool)
    case keyUp(Key)
    /// A pad's button went down or up (`pad`: the platform's id for the pad; the one pad of
    /// a test may leave it at 0).
    case padButtonDown(PadButton, pad: Int32 = 0)
    case padButtonUp(PadButton, pad: Int32 = 0)
    /// A pad's sticks after a change, each axis in −1…1 (y positive down, as SDL gives it).
    case padSticks(leftX: Double, leftY: Double, rightX: Double, rightY: Double, pad: Int32 = 0)
    /// A pad was connected (or found at start); it has these motion sensors.
    case padAdded(name: String, accelerometer: Bool, gyro: Bool, pad: Int32 = 0)
    /// A pad was disconnected.
    case padRemoved(pad: Int32 = 0)
    /// A pad has motion sensors the system keeps from us (its hidraw node, named).
    case padMotionBlocked(String, pad: Int32 = 0)
    /// Accelerometer reading in m/s² (including gravity), pad axes as SDL gives them.
    case accelerometer(x: Double, y: Double, z: Double, timestampUS: UInt64, pad: Int32 = 0)
    /// Gyro reading in rad/s, counter-clockwise positive.
    case gyro(pitch: Double, yaw: Double, roll: Double, timestampUS: UInt64, pad: Int32 = 0)
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
    /// A datagram from a phone or handheld's DSU server, arrived since the last frame on the
    /// socket of the settings' phone `phone` (0-based).
    case motionDatagram([UInt8], phone: Int = 0)
    /// What the phone page's server handed over: a page joined, a reading, a page left.
    case phonePage(PhonePageEvent)
    /// The phone page is served here (the port the system picked), with its certificate's
    /// SHA-256 fingerprint.
    case phonePageServing(PhonePageAddress, fingerprint: String)
    /// The phone page could not be served, and why.
    case phonePageFailed(String)
    /// What the page's server handed over, refused and dropped so far (sent when it changes).
    case phonePageCounts(PhonePageCounts)
}

/// The keys the app uses.
public enum Key: Hashable, Sendable {
    case up, down, left, right, w, a, s, d, q, e
    case space, enter, escape, tab, backspace, delete
    case n, c, g, r, f, h, l, y, m, z, i, x, b, t, p
    case one, two, three
    case plus, minus
    case f1, f11
    /// The right hand's keys, player 2's with two or more: its colour (`,` and `.`) and its pen.
    case comma, period, rightShift
    /// The right hand's eraser (`/`) and widths (8, 9, 0).
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
    /// Listen to this DSU server from now on (nil: to none), on the socket of the settings'
    /// phone `phone` (a socket each, so two pads of one server are two clients).
    case motionServer(DSUAddress?, phone: Int = 0)
    /// Send this datagram to phone `phone`'s DSU server (a request, once a second).
    case sendMotion([UInt8], phone: Int = 0)
    /// Serve the phone page at this address (nil: this machine's LAN address, the default
    /// port); the platform answers `.phonePageServing` or `.phonePageFailed`.
    case servePhonePage(PhonePageAddress?)
    /// The seats pages may take from now on (those not listed again are withdrawn).
    case offerPhoneSeats([PhonePageSeat])
    /// Tell the page holding this token the player it drives now, for its number and colour
    /// (nil: it waits for a free one): the seating put it on one it was not last told of.
    case tellPhoneSeat(PairingToken, PhonePageSeat?)
    /// Stop serving the phone page: every page let go, the port closed.
    case stopPhonePage
    /// Say this with the voice (`Voice/`): only asked while the voice is on.
    case speak(Speech)
}
