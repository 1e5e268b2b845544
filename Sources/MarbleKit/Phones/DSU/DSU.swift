/// The DSU ("cemuhook") protocol, version 1001: motion from phones, handhelds and pads over UDP.
///
/// Emulators (Dolphin, Cemu, Citra, yuzu) take motion this way, and servers exist for what
/// families own: phone apps (DSUController, MotionSource), the Steam Deck (SteamDeckGyroDSU),
/// Joy-Cons (joycond-cemuhook), DualShock and DualSense pads (evdevhook2, DS4Windows).
///
/// Every datagram starts with a 16-byte header, little-endian: magic (`DSUC` from a client,
/// `DSUS` from a server), u16 protocol version, u16 length of everything after the header,
/// u32 CRC-32 (zlib's) of the whole datagram with this field zeroed, u32 sender id. Then a u32
/// message type and its payload. The layout follows DS4Windows' server (`UdpServer.cs`) and
/// Dolphin's client (`DualShockUDPProto.h`); where servers disagree the decoder accepts them all.
public enum DSU {
    /// The protocol version spoken and accepted.
    public static let version: UInt16 = 1001
    /// The port servers listen on unless told otherwise.
    public static let defaultPort: UInt16 = 26760
    /// The header's size in bytes.
    public static let headerSize = 16
    /// A pad-data datagram's size in bytes.
    public static let padDataSize = 100
    /// The largest datagram read: anything longer is not DSU.
    public static let maxDatagram = 1024
    /// Servers drop a client this many seconds after its last pad-data request.
    public static let serverTimeout = 5.0
    /// How often the client asks again, in seconds (Dolphin's rhythm: well inside the timeout).
    public static let requestInterval = 1.0

    /// The magic at the start of a client's datagram.
    public static let clientMagic: [UInt8] = Array("DSUC".utf8)
    /// The magic at the start of a server's datagram.
    public static let serverMagic: [UInt8] = Array("DSUS".utf8)

    /// The message types (the u32 after the header).
    public enum MessageType: UInt32, Sendable {
        case version = 0x10_0000
        case ports = 0x10_0001
        case padData = 0x10_0002
    }

    /// Why a datagram was not used; each is counted, never fatal.
    public enum Defect: Error, Hashable, Sendable, CustomStringConvertible {
        /// Shorter than a header, or than its message needs.
        case tooShort
        /// Not `DSUS` (a client's datagram, or not DSU at all).
        case badMagic
        /// A protocol version other than 1001.
        case badVersion
        /// The header's length disagrees with the datagram's.
        case badLength
        /// The CRC-32 does not match: damaged on the way.
        case badCRC
        /// A message type this client does not know.
        case unknownType
        /// Pad data for another slot than the one asked for.
        case otherSlot
        /// Pad data from a pad the server says is not connected.
        case notConnected
        /// A reading that is NaN or infinite.
        case notFinite

        public var description: String {
            switch self {
            case .tooShort: "too short"
            case .badMagic: "not a DSU server's datagram"
            case .badVersion: "another protocol version"
            case .badLength: "its length field is wrong"
            case .badCRC: "its CRC-32 is wrong"
            case .unknownType: "an unknown message type"
            case .otherSlot: "another slot"
            case .notConnected: "its pad is not connected"
            case .notFinite: "a reading that is not a finite number"
            }
        }
    }
}
