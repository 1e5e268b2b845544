import MarbleKit

/// What one player drives with, as the screens show it (Setup's pictures, the help, the tool
/// columns): read off the seating, so no screen can disagree with the controls.
public struct SeatView: Equatable, Sendable {
    /// The player, from 0.
    public var index: Int
    /// Their hand on the keyboard, if any.
    public var hand: Hand?
    /// Their pad or phone, if any: its kind and its name.
    public var device: DeviceView?
    /// A phone set for them that is not sending: how it stands (Setup says it beside the keys).
    public var silentPhone: String?

    /// A pad or a phone, by name.
    public struct DeviceView: Equatable, Sendable {
        public var isPhone: Bool
        /// A phone's browser page (its big pen button, no shoulders).
        public var isPage = false
        public var name: String
        /// A pad whose tilt the system hides (its sticks still work).
        public var motionBlocked = false
        public var hasMotion = true
    }

    /// Whether they have anything to drive with.
    public var isSeated: Bool { hand != nil || device != nil }

    /// Their colour (`PlayerColors`).
    public var color: RGBA8 { PlayerColors.color(of: index) }

    /// The picture and words for Setup: their device, else their hand's keys, else "no device yet".
    public var picture: (Icon, String) {
        if let device {
            if device.isPhone { return (.phone, device.name) }
            if device.motionBlocked { return (.tiltBlocked, tr("{device}: left stick tilts (its tilt is blocked: see the README)", ["device": device.name])) }
            return (.gamepad, device.hasMotion ? tr("{device}: tilt the pad", ["device": device.name]) : tr("{device}: left stick tilts", ["device": device.name]))
        }
        if let hand { return (.keyboard, silentPhone.map { tr("{keys} · {phone}", ["keys": hand.keys.words, "phone": $0]) } ?? hand.keys.words) }
        return (.cross, tr("no pad or phone yet: plug one in"))
    }

    /// What they press to roll, to turn the colour and to lift the pen (the help's rows).
    public var controls: [String] {
        if let device, device.isPage { return [tr("Tilt the phone"), tr("Turn the phone"), tr("Hold the pen button")] }
        if let device { return device.isPhone ? [tr("Tilt the phone"), "L1  /  R1", tr("Hold ✕")] : [tr("Stick or tilt"), tr("Shoulders"), tr("Hold A")] }
        return hand?.keys.rows ?? ["—", "—", "—"]
    }
}

extension App {
    /// Each player's seat, as the screens show it.
    var seatViews: [SeatView] {
        players.indices.map { p in
            let device = input.seating.devices(of: p).first.flatMap { d in
                input.state(of: d).map { SeatView.DeviceView(isPhone: d.isPhone, isPage: d.pageIndex != nil, name: $0.name, motionBlocked: $0.motionBlocked, hasMotion: $0.hasMotion) }
            }
            // A phone set for this player's place in the list, not sending: said beside the keys.
            return SeatView(index: p, hand: input.seating.hand(of: p), device: device, silentPhone: device == nil ? silentPhoneLine(p) : nil)
        }
    }
}
