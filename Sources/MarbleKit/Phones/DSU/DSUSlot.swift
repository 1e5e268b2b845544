/// The slot block a DSU pad report begins with (bytes 20–30): which of the server's four slots,
/// and what the server says of the pad there. Its own value because the protocol gives it as
/// one: a pad report is this block and then the pad's readings.
public struct DSUSlot: Equatable, Sendable {
    /// 0–3: the slot a client asks for.
    public var number: UInt8
    /// 0 disconnected, 1 reserved, 2 connected.
    public var state: UInt8
    public var model: UInt8
    public var connection: UInt8
    /// Six bytes.
    public var mac: [UInt8]
    public var battery: UInt8

    /// A connected pad's block, as a test server sends it (full battery, a MAC from the slot).
    public init(number: UInt8) {
        self.number = number
        state = 2
        model = 2
        connection = 2
        mac = [0, 0, 0, 0, 0, number]
        battery = 5
    }

    init(reading r: FixedBytes) {
        number = r.u8(20)
        state = r.u8(21)
        model = r.u8(22)
        connection = r.u8(23)
        mac = (24..<30).map { r.u8($0) }
        battery = r.u8(30)
    }
}
