import MarbleKit

/// Settings ▸ Class ▸ Set up: the form's choices, what is typed, and the check's end.
extension App {
    /// The field the focused button stands for, if a field is focused.
    var focusedClassSetupField: ClassSetupForm.Field? {
        guard nav.screen == .classSetup else { return nil }
        return ClassSetupForm.Field(rawValue: nav.focus - ClassSetupScreen.firstField)
    }

    /// Every choice of the form.
    func classSetupAction(_ action: Action) {
        switch action {
        case .classSetup:
            let kept = desk.passwordKept()
            desk.screens.form = ClassSetupForm(desk.setup, passwordKept: kept.kept, keptFor: kept.origin)
            show(.classSetup)
            nav.focus(ClassSetupScreen.firstField)
        case .classSetupField(let k): nav.focus(ClassSetupScreen.firstField + k)
        case .nextClassSetupField:
            // Round the boxes and Check and save, Back left out.
            let next = nav.focus + 1
            nav.focus(next > ClassSetupScreen.saveIndex || next < ClassSetupScreen.firstField ? ClassSetupScreen.firstField : next)
        case .eraseClassSetup: if let f = focusedClassSetupField { desk.screens.form.backspace(f) }
        case .checkClassSetup: checkClassSetup()
        default: break
        }
    }

    /// Typed text goes to the focused box.
    func typeClassSetup(_ text: String) {
        if let f = focusedClassSetupField { desk.screens.form.type(text, into: f) }
    }

    /// Enter: the setup typed is checked off the frame (and saved if the folder answers).
    func checkClassSetup() {
        guard desk.setting == nil else { return }
        let form = desk.screens.form
        do throws(ClassProblem) {
            let setup = try form.setup()
            if desk.startSetup(setup, password: form.password) {
                desk.screens.form.failed = nil
            } else {
                say(tr("A drawing is being handed in: try again in a moment."), for: 4)
            }
        } catch {
            desk.screens.form.failed = ClassSetupForm.Failure(words: error.description, reason: nil)
        }
    }

    /// The check ended: saved and live (back to the Class screen), or why not (what was typed stays).
    func classSetupEnded(_ result: Result<Void, ClassJob<ClassConnection>.Failure>) {
        switch result {
        case .success:
            let address = desk.setup.map { (try? $0.address.description) ?? $0.url } ?? ""
            log("class folder set: \(address)")
            if nav.screen == .classSetup {
                desk.screens.form = ClassSetupForm()
                show(.classroom)
            }
            say(tr("The class folder {address} answers and takes files: saved.", ["address": address]), for: 6)
        case .failure(let failure):
            // Gone back with Esc: nothing was saved, and nothing needs saying.
            guard nav.screen == .classSetup else { return }
            desk.screens.form.failed = ClassSetupForm.Failure(words: failure.description,
                                                              reason: failure.problem.map(HandInStatus.reason(of:)))
            log("class setup: \(failure)")
        }
    }

    /// Esc: back to the Class screen, saving nothing (a check under way is let go).
    func leaveClassSetup() {
        desk.cancelSetup()
        desk.screens.form = ClassSetupForm()
        show(.classroom)
    }
}
