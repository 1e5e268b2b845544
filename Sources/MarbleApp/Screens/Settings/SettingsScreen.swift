import MarbleKit

/// Settings: how fast the ball rolls, up-down inverted, left-handed, sound, the voice, big
/// buttons, the phone or handheld; kept between launches.
enum SettingsScreen {
    static func scene(_ settings: Settings, muted: Bool, _ l: Layout) -> Scene {
        let speed = Speed(nearest: settings.sensitivity)
        let speeds = l.row(count: 3, side: 150, gap: 30, centerY: 250, aspect: 1.2)
        let toggles = l.row(count: 6, side: 150, gap: 22, centerY: 500, aspect: 1.2)
        let buttons = [
            Button(.back, icon: .back, label: "Back", rect: l.rect(30, 24, 150, 110), color: Palette.neutral, key: "Esc"),
            Button(.chooseSpeed(.slow), icon: .level(1), label: "Slow", rect: speeds[0], selected: speed == .slow, key: "1"),
            Button(.chooseSpeed(.normal), icon: .level(2), label: "Normal", rect: speeds[1], selected: speed == .normal, key: "2"),
            Button(.chooseSpeed(.fast), icon: .level(3), label: "Fast", rect: speeds[2], selected: speed == .fast, key: "3"),
            Button(.toggleInvertY, icon: .upDown, label: "Upside down", rect: toggles[0], selected: settings.invertY, key: "I"),
            Button(.toggleLeftHanded, icon: .mirror, label: "Left-handed", rect: toggles[1], selected: settings.leftHanded, key: "L"),
            Button(.toggleSound, icon: muted ? .soundOff : .soundOn, label: muted ? "Sound off" : "Sound on", rect: toggles[2],
                   selected: !muted, key: "M"),
            Button(.toggleVoice, icon: settings.voice ? .voiceOn : .voiceOff, label: tr("Voice"), rect: toggles[3], selected: settings.voice),
            Button(.toggleBigButtons, icon: .bigButtons, label: "Big buttons", rect: toggles[4], selected: settings.bigButtons, key: "B"),
            Button(.phone, icon: .phone, label: settings.phones.count > 1 ? "\(settings.phones.count) phones" : settings.phones.first.map { "Phone \($0.address)" } ?? "Phone", rect: toggles[5],
                   selected: !settings.phones.isEmpty, key: "P"),
            Button(.classroom, icon: .people, label: "Class", rect: l.rect(1100, 24, 150, 110), color: Palette.neutral, key: "C"),
        ]
        let elements: [Element] = [
            .icon(.gear, l.rect(470, 38, 64, 64), Palette.text),
            .text("Settings", l.point(660, 70), .title, Palette.text, .center),
            .text("How fast the ball rolls", l.point(640, 145), .small, Palette.dimText, .center),
        ]
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// 1, 2, 3 pick the speed; I, L toggle; Esc goes back (M, everywhere, is sound).
    static func key(_ key: Key) -> KeyResponse {
        switch key {
        case .one: .act(.chooseSpeed(.slow))
        case .two: .act(.chooseSpeed(.normal))
        case .three: .act(.chooseSpeed(.fast))
        case .i: .act(.toggleInvertY)
        case .l: .act(.toggleLeftHanded)
        case .b: .act(.toggleBigButtons)
        case .p: .act(.phone)
        case .c: .act(.classroom)
        default: .navigate
        }
    }
}
