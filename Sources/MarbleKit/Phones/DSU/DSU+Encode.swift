extension DSU {
    /// A client's pad-data request for one slot (flags 1: by slot), 28 bytes.
    public static func padDataRequest(senderID: UInt32, slot: UInt8) -> [UInt8] {
        var w = ByteWriter(capacity: 28)
        w.u32(MessageType.padData.rawValue)
        w.u8(1)
        w.u8(slot)
        w.raw([0, 0, 0, 0, 0, 0])
        return datagram(magic: clientMagic, senderID: senderID, payload: w.bytes)
    }

    /// A server's pad-data datagram (100 bytes): for test servers and the fuzzer's seeds.
    public static func padDataDatagram(_ p: DSUPadData, senderID: UInt32) -> [UInt8] {
        var w = ByteWriter(capacity: 84)
        w.u32(MessageType.padData.rawValue)
        w.u8(p.slot.number); w.u8(p.slot.state); w.u8(p.slot.model); w.u8(p.slot.connection)
        w.raw((0..<6).map { $0 < p.slot.mac.count ? p.slot.mac[$0] : 0 })
        w.u8(p.slot.battery)
        w.bool(p.connected)
        w.u32(p.packetNumber)
        w.u16(p.buttons)
        w.bool(p.home)
        w.bool(p.touchClick)
        w.raw([p.sticks.lx, p.sticks.ly, p.sticks.rx, p.sticks.ry])
        w.raw([UInt8](repeating: 0, count: 12 + 12))
        w.u64(p.timestampUS)
        w.f32(p.accelerometer.x); w.f32(p.accelerometer.y); w.f32(p.accelerometer.z)
        w.f32(p.gyro.pitch); w.f32(p.gyro.yaw); w.f32(p.gyro.roll)
        return datagram(magic: serverMagic, senderID: senderID, payload: w.bytes)
    }

    /// A server's version reply: 22 bytes, or 24 with the two bytes some servers add.
    public static func versionDatagram(senderID: UInt32, padded: Bool = false) -> [UInt8] {
        var w = ByteWriter()
        w.u32(MessageType.version.rawValue)
        w.u16(version)
        if padded { w.u16(0) }
        return datagram(magic: serverMagic, senderID: senderID, payload: w.bytes)
    }

    /// Header, payload and the CRC-32 over both with the CRC field zeroed.
    public static func datagram(magic: [UInt8], senderID: UInt32, payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter(capacity: headerSize + payload.count)
        w.raw(magic)
        w.u16(version)
        w.u16(UInt16(truncatingIfNeeded: payload.count))
        w.u32(0)
        w.u32(senderID)
        w.raw(payload)
        var bytes = w.bytes
        let crc = CRC32.checksum(bytes)
        withUnsafeBytes(of: crc.littleEndian) { for (i, b) in $0.enumerated() { bytes[8 + i] = b } }
        return bytes
    }
}
