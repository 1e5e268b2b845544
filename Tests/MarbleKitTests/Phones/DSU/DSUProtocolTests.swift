import MarbleKit
import Testing

/// The decoder and encoder on byte-exact datagrams, made independently with Python's `struct`
/// and `zlib.crc32` (the layout of DS4Windows' `UdpServer.cs`).
@Suite("DSU protocol")
struct DSUProtocolTests {
    static func hex(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        var i = s.startIndex
        while i < s.endIndex {
            let j = s.index(i, offsetBy: 2)
            out.append(UInt8(s[i..<j], radix: 16)!)
            i = j
        }
        return out
    }

    /// Slot 1, MAC aa:bb:cc:dd:ee:ff, packet 4242, d-pad up and ✕, sticks (200, 100, 128, 128),
    /// timestamp 123456789 µs, accelerometer (0.5, −0.75, 0.25) g, gyro (10, −20, 30) deg/s,
    /// sender 0xdeadbeef.
    static let padData = hex("44535553e9035400aeb8ff5defbeadde0200100001020202aabbccddeeff05019210000010400000c864808000000000000000000000000000000000000000000000000015cd5b07000000000000003f000040bf0000803e000020410000a0c10000f041")
    /// A client's request for slot 1's pad data, sender 0x12345678.
    static let request = hex("44535543e9030c00123cb91b78563412020010000101000000000000")
    /// joycond-cemuhook's version reply: sender 0xFFFFFFFF, 22 bytes.
    static let version = hex("44535553e90306002b8b0412ffffffff00001000e903")

    static var expected: DSUPadData {
        var p = DSUPadData(slot: 1, packetNumber: 4242, buttons: DSUPadData.Button.dpadUp | DSUPadData.Button.cross,
                           sticks: (200, 100, 128, 128), timestampUS: 123_456_789,
                           accelerometer: (0.5, -0.75, 0.25), gyro: (10, -20, 30))
        p.slot.mac = [0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF]
        return p
    }

    @Test("A 100-byte pad-data datagram decodes field by field")
    func decodesPadData() throws {
        #expect(Self.padData.count == 100)
        guard case .success(.padData(let p)) = DSUMessage.decode(Self.padData) else {
            Issue.record("not decoded: \(DSUMessage.decode(Self.padData))")
            return
        }
        #expect(p == Self.expected)
        #expect(p.timestampUS == 123_456_789)
        #expect(p.accelerometer == (0.5, -0.75, 0.25))
        #expect(p.gyro == (10, -20, 30))
        #expect(p.sticks == (200, 100, 128, 128))
    }

    @Test("The encoder writes the same bytes Python's struct and zlib do")
    func encodesByteExact() {
        #expect(DSU.padDataDatagram(Self.expected, senderID: 0xDEAD_BEEF) == Self.padData)
        #expect(DSU.padDataRequest(senderID: 0x1234_5678, slot: 1) == Self.request)
        #expect(DSU.versionDatagram(senderID: 0xFFFF_FFFF) == Self.version)
    }

    @Test("Version replies of 22 and 24 bytes are both accepted")
    func versionReplies() {
        #expect(DSUMessage.decode(Self.version) == .success(.version(1001)))
        let padded = DSU.versionDatagram(senderID: 7, padded: true)
        #expect(padded.count == 24)
        #expect(DSUMessage.decode(padded) == .success(.version(1001)))
    }

    @Test("Each broken field is named, and no prefix of a datagram traps")
    func defects() {
        func with(_ i: Int, _ b: UInt8) -> [UInt8] { var d = Self.padData; d[i] = b; return d }
        #expect(DSUMessage.decode(with(3, UInt8(ascii: "C"))) == .failure(.badMagic))
        #expect(DSUMessage.decode(with(4, 0xEA)) == .failure(.badVersion))
        #expect(DSUMessage.decode(with(6, 0xFF)) == .failure(.badLength))
        #expect(DSUMessage.decode(with(8, 0x00)) == .failure(.badCRC))
        #expect(DSUMessage.decode(with(50, 0x01)) == .failure(.badCRC))
        // The client's own request is not a server's datagram.
        #expect(DSUMessage.decode(Self.request) == .failure(.badMagic))
        var unknown = Self.padData
        unknown[16] = 9
        #expect(DSUMessage.decode(DSU.datagram(magic: DSU.serverMagic, senderID: 1, payload: Array(unknown[16...]))) == .failure(.unknownType))
        for n in 0..<Self.padData.count {
            if case .success = DSUMessage.decode(Array(Self.padData[0..<n])) { Issue.record("a \(n)-byte prefix decoded") }
        }
        // Bytes after the header's length are ignored (a server may pad its datagrams).
        #expect(DSUMessage.decode(Self.padData + [0, 0, 0, 0]) == .success(.padData(Self.expected)))
    }
}
