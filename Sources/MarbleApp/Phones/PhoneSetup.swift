/// The phone screen's own state: which of the phones it sets, the address being typed, a
/// calibration under way, or the browser mode and the player whose code it shows.
public struct PhoneSetup: Equatable, Sendable {
    /// The phone being set: its index in the settings' list (one past the last adds one).
    public private(set) var phone = 0
    /// The address field's text (digits, dots and a colon).
    public private(set) var typed = ""
    public private(set) var calibrating: CalibrationFlow?
    /// Whether it shows the phone page in the browser (a code to scan) instead of a DSU address.
    public internal(set) var inBrowser = false
    /// In the browser mode: the player whose code it shows (0-based).
    public internal(set) var pagePlayer = 0

    /// The longest address: `255.255.255.255:65535`.
    public static let longest = 21

    public init() {}

    /// The screen opens on the address kept (or an empty field) of the phone it sets, or of
    /// phone `phone`.
    mutating func open(showing address: String, phone: Int? = nil) {
        if let phone { self.phone = phone }
        typed = address
        calibrating = nil
        inBrowser = false
    }

    /// Typed text: only digits, dots and colons are taken, up to `longest`.
    mutating func type(_ text: String) {
        for c in text where c.isNumber && c.isASCII || c == "." || c == ":" {
            guard typed.count < Self.longest else { break }
            typed.append(c)
        }
    }

    mutating func backspace() { if !typed.isEmpty { typed.removeLast() } }

    mutating func startCalibrating() { calibrating = CalibrationFlow() }
    mutating func stopCalibrating() { calibrating = nil }

    /// Feeds the calibration, if one is under way (the flow changes itself).
    mutating func calibrate(_ edit: (inout CalibrationFlow) -> Void) {
        guard var flow = calibrating else { return }
        edit(&flow)
        calibrating = flow
    }
}
