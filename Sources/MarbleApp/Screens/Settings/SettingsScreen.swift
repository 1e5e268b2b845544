import MarbleKit

/// Settings: how fast the ball rolls, up-down inverted, left-handed, sound, the voice, big
/// buttons, the phone or handheld; kept between launches.
enum SettingsScreen {
    static func scene(_ settings: Settings, muted: Bool, _ l: Layout) -> Scene {
        let speed = Speed(nearest: settings.sensitivity)
        let speeds = l.row(count: 3, side: 150, gap: 30, centerY: 250, aspect: 1.2)
        let toggles = l.row(count: 6, side: 150, gap: 22, centerY: 500, aspect: 1.2)
        let buttons = [
            Button(.back, icon: .back, label: tr("Back"), rect: l.rect(30, 24, 150, 110), color: Palette.neutral, key: "Esc"),
            Button(.chooseSpeed(.slow), icon: .level(1), label: tr("Slow"), rect: speeds[0], selected: speed == .slow, key: "1"),
            Button(.chooseSpeed(.normal), icon: .level(2), label: tr("Normal"), rect: speeds[1], selected: speed == .normal, key: "2"),
            Button(.chooseSpeed(.fast), icon: .level(3), label: tr("Fast"), rect: speeds[2], selected: speed == .fast, key: "3"),
            Button(.toggleInvertY, icon: .upDown, label: tr("Upside down"), rect: toggles[0], selected: settings.invertY, key: "I"),
            Button(.toggleLeftHanded, icon: .mirror, label: tr("Left-handed"), rect: toggles[1], selected: settings.leftHanded, key: "L"),
            Button(.toggleSound, icon: muted ? .soundOff : .soundOn, label: muted ? tr("Sound off") : tr("Sound on"), rect: toggles[2],
                   selected: !muted, key: "M"),
            Button(.toggleVoice, icon: settings.voice ? .voiceOn : .voiceOff, label: tr("Voice"), rect: toggles[3], selected: settings.voice),
            Button(.toggleBigButtons, icon: .bigButtons, label: tr("Big buttons"), rect: toggles[4], selected: settings.bigButtons, key: "B"),
            Button(.phone, icon: .phone, label: settings.phones.count > 1 ? tr(one: "{n} phone", other: "{n} phones", count: settings.phones.count)
                                                    : settings.phones.first.map { tr("Phone {address}", ["address": $0.address]) } ?? tr("Phone"), rect: toggles[5],
                   selected: !settings.phones.isEmpty, key: "P"),
            Button(.classroom, icon: .people, label: tr("Class"), rect: l.rect(1100, 24, 150, 110), color: Palette.neutral, key: "C"),
        ]
        let elements: [Element] = [
            .icon(.gear, l.rect(470, 38, 64, 64), Palette.text),
            .text(tr("Settings"), l.point(660, 70), .title, Palette.text, .center),
            .text(tr("How fast the ball rolls"), l.point(640, 145), .small, Palette.dimText, .center),
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
