/// A server's datagram, decoded.
public enum DSUMessage: Equatable, Sendable {
    /// The server's protocol version (replies are 22 or 24 bytes long: both are accepted).
    case version(UInt16)
    /// A slot's description: its slot and whether a pad is connected there.
    case port(slot: UInt8, connected: Bool)
    /// One report of a pad: buttons, sticks and motion.
    case padData(DSUPadData)
}

extension DSUMessage {
    /// Decodes a server's datagram, checking magic, version, length and CRC-32; nothing traps.
    ///
    /// Bytes after the length the header gives are ignored (a server may pad its datagrams);
    /// fewer are a defect. The sender id is not checked: servers send a random one, a fixed
    /// `0xFFFFFFFF` (joycond-cemuhook) or the client's own (SteamDeckGyroDSU).
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<DSUMessage, DSU.Defect> {
        let r = FixedBytes(bytes)
        guard bytes.count >= DSU.headerSize + 4 else { return .failure(.tooShort) }
        guard r.u8(0) == 0x44, r.u8(1) == 0x53, r.u8(2) == 0x55, r.u8(3) == 0x53 else {
            return .failure(.badMagic)
        }
        guard r.u16(4) == DSU.version else { return .failure(.badVersion) }
        let length = DSU.headerSize + Int(r.u16(6))
        guard length >= DSU.headerSize + 4, length <= bytes.count else { return .failure(.badLength) }
        guard r.u32(8) == crc(bytes, length: length) else { return .failure(.badCRC) }
        guard let type = DSU.MessageType(rawValue: r.u32(16)) else { return .failure(.unknownType) }
        switch type {
        case .version:
            guard length >= 22 else { return .failure(.tooShort) }
            return .success(.version(r.u16(20)))
        case .ports:
            guard length >= 32 else { return .failure(.tooShort) }
            return .success(.port(slot: r.u8(20), connected: r.u8(21) == 2))
        case .padData:
            guard length >= DSU.padDataSize else { return .failure(.tooShort) }
            return .success(.padData(DSUPadData(reading: r)))
        }
    }

    /// Decodes a datagram held in an array.
    public static func decode(_ bytes: [UInt8]) -> Result<DSUMessage, DSU.Defect> {
        bytes.withUnsafeBytes { decode($0) }
    }

    /// The CRC-32 of the first `length` bytes with the CRC field (bytes 8–11) read as zeros.
    static func crc(_ bytes: UnsafeRawBufferPointer, length: Int) -> UInt32 {
        let zeros: [UInt8] = [0, 0, 0, 0]
        var c = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<8]))
        c = zeros.withUnsafeBytes { CRC32.checksum($0, continuing: c) }
        return CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[12..<length]), continuing: c)
    }
}

/// Little-endian reads at fixed offsets, bounds already checked by the caller.
struct FixedBytes {
    let bytes: UnsafeRawBufferPointer
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    func u8(_ at: Int) -> UInt8 { bytes[at] }
    func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
    func u64(_ at: Int) -> UInt64 { UInt64(u32(at)) | UInt64(u32(at + 4)) << 32 }
    func f32(_ at: Int) -> Float { Float(bitPattern: u32(at)) }
}
