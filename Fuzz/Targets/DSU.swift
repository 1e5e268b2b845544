@testable import MarbleKit

/// The session every input is fed to: its counts must add up whatever arrives.
nonisolated(unsafe) var session = DSUSession(slot: 0, senderID: 1)
nonisolated(unsafe) var fed = 0

/// Fuzzes the DSU decoder (`DSUMessage.decode`) and the session's classification.
///
/// Each input is tried as it is and with its CRC-32 put right (so mutations reach the payload
/// decoders behind the check). Nothing may trap; a decoded pad-data report must encode back to
/// the bytes it came from (up to the fields the encoder does not carry); the session counts
/// every datagram exactly once; an accepted report is always finite.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = FuzzInput.bytes(data, size)
    check(bytes)
    if bytes.count >= 12 {
        let length = min(bytes.count, DSU.headerSize + (Int(bytes[6]) | Int(bytes[7]) << 8))
        let crc = bytes.withUnsafeBytes { DSUMessage.crc($0, length: length) }
        FuzzInput.patch(&bytes, crc, at: 8)
        check(bytes)
    }
    return 0
}

func check(_ bytes: [UInt8]) {
    let decoded = DSUMessage.decode(bytes)
    if case .success(.padData(let p)) = decoded {
        let again = DSU.padDataDatagram(p, senderID: 0)
        guard case .success(.padData(let q)) = DSUMessage.decode(again) else { FuzzInput.fail("a report does not encode back") }
        // NaN payloads compare unequal: compare bit patterns where it matters.
        guard q.timestampUS == p.timestampUS, q.slot == p.slot, q.buttons == p.buttons,
              q.accelerometer.x.bitPattern == p.accelerometer.x.bitPattern,
              q.gyro.roll.bitPattern == p.gyro.roll.bitPattern else { FuzzInput.fail("a report changed on the way back") }
    }
    let before = session.counts
    let received = session.receive(bytes, at: Double(fed))
    fed += 1
    let after = session.counts
    let counted = (after.accepted - before.accepted) + (after.totalIgnored - before.totalIgnored) + (after.otherMessages - before.otherMessages)
    guard counted == 1 else { FuzzInput.fail("a datagram counted \(counted) times") }
    if case .padData(let p) = received, !p.isFinite { FuzzInput.fail("a report with a reading not finite was accepted") }
}
