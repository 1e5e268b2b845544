/// One pad-data report from a DSU server: the 100-byte datagram's fields.
///
/// Offsets in the datagram: slot block at 20 (slot, state, model, connection, MAC, battery),
/// connected at 31, u32 packet number at 32, buttons at 36–39, sticks LX LY RX RY at 40–43
/// (128 neutral, Y up), analog buttons 44–55, touches 56–67, u64 motion timestamp (µs) at 68,
/// accelerometer X Y Z (f32, g) at 76, gyro pitch yaw roll (f32, deg/s) at 88.
public struct DSUPadData: Equatable, Sendable {
    /// Bytes 20–30: which slot, and the pad there.
    public var slot: DSUSlot
    public var connected: Bool
    /// Per client or global, depending on the server: used to count gaps, never to drop.
    public var packetNumber: UInt32
    /// Bytes 36–37: the d-pad, Options, sticks' clicks, Share; □ ✕ ○ △, R1 L1 R2 L2.
    public var buttons: UInt16
    /// Byte 38: the home (PS) button; byte 39: the touchpad's click.
    public var home: Bool
    public var touchClick: Bool
    /// LX, LY, RX, RY: 0–255, 128 neutral, Y up.
    public var sticks: (lx: UInt8, ly: UInt8, rx: UInt8, ry: UInt8)
    /// The motion timestamp in microseconds, on the server's clock.
    public var timestampUS: UInt64
    /// The accelerometer in g, DSU axes: flat face-up reads (0, −1, 0).
    public var accelerometer: (x: Float, y: Float, z: Float)
    /// The gyro in deg/s: pitch, yaw, roll.
    public var gyro: (pitch: Float, yaw: Float, roll: Float)

    public init(slot: UInt8 = 0, packetNumber: UInt32 = 0, buttons: UInt16 = 0,
                sticks: (lx: UInt8, ly: UInt8, rx: UInt8, ry: UInt8) = (128, 128, 128, 128),
                timestampUS: UInt64, accelerometer: (x: Float, y: Float, z: Float),
                gyro: (pitch: Float, yaw: Float, roll: Float)) {
        self.slot = DSUSlot(number: slot)
        connected = true
        self.packetNumber = packetNumber
        self.buttons = buttons
        home = false
        touchClick = false
        self.sticks = sticks
        self.timestampUS = timestampUS
        self.accelerometer = accelerometer
        self.gyro = gyro
    }

    init(reading r: FixedBytes) {
        slot = DSUSlot(reading: r)
        connected = r.u8(31) != 0
        packetNumber = r.u32(32)
        buttons = UInt16(r.u8(36)) | UInt16(r.u8(37)) << 8
        home = r.u8(38) != 0
        touchClick = r.u8(39) != 0
        sticks = (r.u8(40), r.u8(41), r.u8(42), r.u8(43))
        timestampUS = r.u64(68)
        accelerometer = (r.f32(76), r.f32(80), r.f32(84))
        gyro = (r.f32(88), r.f32(92), r.f32(96))
    }

    public static func == (a: DSUPadData, b: DSUPadData) -> Bool {
        a.slot == b.slot && a.connected == b.connected
            && a.packetNumber == b.packetNumber && a.buttons == b.buttons && a.home == b.home
            && a.touchClick == b.touchClick && a.sticks == b.sticks && a.timestampUS == b.timestampUS
            && a.accelerometer == b.accelerometer && a.gyro == b.gyro
    }

    /// Whether every motion reading is a finite number.
    public var isFinite: Bool {
        accelerometer.x.isFinite && accelerometer.y.isFinite && accelerometer.z.isFinite
            && gyro.pitch.isFinite && gyro.yaw.isFinite && gyro.roll.isFinite
    }
}

extension DSUPadData {
    /// The button bits (bytes 36 and 37 as one little-endian u16).
    public enum Button {
        public static let share: UInt16 = 0x0001
        public static let options: UInt16 = 0x0008
        public static let dpadUp: UInt16 = 0x0010
        public static let dpadRight: UInt16 = 0x0020
        public static let dpadDown: UInt16 = 0x0040
        public static let dpadLeft: UInt16 = 0x0080
        public static let l1: UInt16 = 0x0400
        public static let r1: UInt16 = 0x0800
        /// △, ○, ✕, □ (north, east, south, west).
        public static let triangle: UInt16 = 0x1000
        public static let circle: UInt16 = 0x2000
        public static let cross: UInt16 = 0x4000
        public static let square: UInt16 = 0x8000
    }
}
