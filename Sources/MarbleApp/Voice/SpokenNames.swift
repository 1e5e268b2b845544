/// What a button says when it takes the focus: a better spoken name where the word on it is
/// short or missing (a picture alone), else the word on it.
enum SpokenNames {
    /// The name of `button`, or nil when it has none to say.
    static func name(of button: Button) -> String? {
        guard let name = better(button.action) ?? (button.label.isEmpty ? nil : button.label) else { return nil }
        switch (button.selected, button.action) {
        case (nil, _): return name
        case (let on?, .toggleInvertY), (let on?, .toggleLeftHanded), (let on?, .toggleBigButtons), (let on?, .toggleVoice):
            return on ? tr("{name}: on", ["name": name]) : tr("{name}: off", ["name": name])
        case (true?, _): return tr("{name}, chosen", ["name": name])
        case (false?, _): return name
        }
    }

    /// The spoken name of a button doing `action`, where it says more than its word.
    static func better(_ action: Action) -> String? {
        switch action {
        case .newDrawing: tr("New drawing")
        case .continueLast: tr("Go on with your last drawing")
        case .gallery: tr("Your drawings")
        case .start: tr("Start drawing")
        case .chooseMarbles(let n): tr(one: "{n} marble", other: "{n} marbles", count: n)
        case .chooseTrace(nil): tr("Free drawing")
        case .pictures: tr("A picture to draw over")
        case .savePicture: tr("Save the picture")
        case .delete, .deleteDrawing: tr("Throw this drawing away")
        case .confirmYes: tr("Yes, throw it away")
        case .home: tr("Go home")
        case .watch, .watchClass: tr("Watch it grow")
        case .saveTimelapse: tr("Make a film")
        case .toggleEraser: tr("Eraser")
        case .help: tr("Help")
        case .gateChoice(let n): tr("Number {n}", ["n": n])
        default: nil
        }
    }
}
