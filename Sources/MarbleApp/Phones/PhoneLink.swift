import MarbleKit

/// The phone or handheld sending motion over DSU, as the app sees it: one server's pad (its
/// slot), its session, its calibration, and its clock. The app has one per marble.
///
/// Pure: datagrams come in as bytes with the time they arrived, requests go out as bytes, so a
/// test (or a replay) drives it without a network. The platform's `MotionPort` owns the socket.
public struct PhoneLink: Sendable {
    /// The server asked, if any.
    public private(set) var address: DSUAddress?
    /// Which of the server's pads (DSU slot 0–3).
    public private(set) var slot: UInt8 = 0
    /// Its calibration (identity until one is made).
    public private(set) var calibration = MotionCalibration.identity
    public private(set) var session: DSUSession?
    var timeline = MotionTimeline()
    let senderID: UInt32

    public init(senderID: UInt32) { self.senderID = senderID }

    /// Follows another server's pad (or none): a new session, clock and calibration.
    mutating func follow(_ address: DSUAddress?, slot: UInt8 = 0, calibration: MotionCalibration?) {
        self.address = address
        self.slot = slot
        self.calibration = calibration ?? .identity
        session = address.map { _ in DSUSession(slot: slot, senderID: senderID) }
        timeline = MotionTimeline()
    }

    /// The calibration changed for the server followed.
    mutating func recalibrate(_ c: MotionCalibration) { calibration = c }

    /// How the link stands; nil when no server is set.
    public func status(now: Double) -> DSUSession.Status? { session?.status(now: now) }

    /// The request to send now, if one is due.
    mutating func requestDue(now: Double) -> [UInt8]? { session?.requestDue(now: now) }

    /// A datagram from the server, arrived at `now`: the report it carries, if any.
    mutating func receive(_ bytes: [UInt8], now: Double) -> PhoneReport? {
        guard session != nil, case .padData(let p) = session!.receive(bytes, at: now) else { return nil }
        let t = timeline.advance(serverUS: p.timestampUS, arrival: now)
        let a = p.sdlAccelerometer, g = p.sdlGyro
        return PhoneReport(accelerometer: calibration.apply(a), gyro: calibration.apply(g),
                           rawAccelerometer: a, rawGyro: g, timestampUS: t, sticks: PhoneReport.sticks(p.sticks), buttons: PhoneReport.buttons(p.buttons))
    }
}
