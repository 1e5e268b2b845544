/// Which input drives which marble of a drawing of two, as Setup shows it: a picture and a
/// few words each, read off the input's own `drivers`, so the screen cannot disagree with the
/// controls.
struct MarbleInputs {
    var drivers: (first: InputState.Driver, second: InputState.Driver)
    /// Each device's name (a phone's is its address).
    var names: [InputState.Driver: String] = [:]
    /// Marble 2's phone, set but not sending: how it stands, said beside what stands in for it.
    var silentSecondPhone: String?

    init(_ input: InputState, silentSecondPhone: String? = nil) {
        drivers = input.drivers
        names[.pad] = input.pad?.name
        names[.phone] = input.remote?.name
        names[.secondPad] = input.secondPad?.name
        names[.secondPhone] = input.secondRemote?.name
        self.silentSecondPhone = silentSecondPhone
    }

    /// Marble 1's picture and words, and marble 2's.
    var pictures: (first: (Icon, String), second: (Icon, String)) {
        var second = picture(drivers.second, keys: "arrows · , . · Right Shift")
        if let silentSecondPhone, drivers.second != .secondPhone { second.1 += " · " + silentSecondPhone }
        return (picture(drivers.first, keys: "WASD · Q/E · Space"), second)
    }

    private func picture(_ d: InputState.Driver, keys: String) -> (Icon, String) {
        switch d {
        case .keys: (.keyboard, keys)
        case .pad, .secondPad: (.gamepad, names[d] ?? "Game pad")
        case .phone, .secondPhone: (.phone, names[d] ?? "Phone")
        }
    }
}
