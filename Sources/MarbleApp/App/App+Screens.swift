import MarbleKit

/// The screens, each in its own folder under Screens/: here each is given what it reads, for
/// its scene and for its keys. A new screen is a folder and a case in each switch here.
extension App {
    /// The frame to show in a window of this size: a pure function of the app's state.
    public func scene(width: Double, height: Double) -> Scene {
        scene(in: Layout(width: width, height: height))
    }

    /// The scene in `l`: the screen's, the question over it, the notice on top.
    func scene(in l: Layout) -> Scene {
        var scene: Scene
        switch nav.screen {
        case .home: scene = HomeScreen.scene(latest: nav.latest, l)
        case .setup: scene = SetupScreen.scene(nav.setup, seats: seatViews, phone: phoneLine, l)
        case .drawing:
            scene = drawings.drawing.map {
                DrawingScreen.scene($0.session, paused: drawings.paused, padConnected: input.hasDevice, help: nav.help,
                                    // Who holds what is read only for the help, not every frame.
                                    seats: nav.help ? seatViews : [], tools: players.map(\.tool), trace: drawings.trace, l)
            } ?? Scene()
        case .end:
            scene = drawings.drawing.map {
                EndScreen.scene($0, lastExport: drawings.lastExport, noticeShown: nav.notice != nil,
                                trace: drawings.trace, score: drawings.traceScore, age: now - nav.shownAt,
                                film: drawings.filmProgress, savingPicture: drawings.savingPicture, handIn: handInView($0.id), l)
            } ?? Scene()
        case .gallery:
            scene = GalleryScreen.scene(nav.gallery, handIns: desk.isSet ? Dictionary(uniqueKeysWithValues: nav.gallery.shown.map { ($0.id, handInView($0.id)!) }) : nil, l)
        case .handIn: scene = HandInScreen.scene(names: desk.names, marks: NameMarks.marks(desk.setup?.names ?? []), l)
        case .openCode: scene = OpenCodeScreen.scene(desk.screens.code, l)
        case .classroom:
            scene = ClassScreen.scene(setup: desk.setup, problem: desk.problem, gallery: desk.screens.gallery,
                                      marks: NameMarks.marks(desk.setup?.names ?? []), l)
        case .classSetup:
            scene = ClassSetupScreen.scene(desk.screens.form, checking: desk.setting != nil, l)
        case .pictures: scene = PicturesScreen.scene(pages: nav.pictures.pages, photos: nav.pictures.photos, chosen: nav.setup.picture?.path, l)
        case .gate: scene = GateScreen.scene(gate, now: now, l)
        case .settings: scene = SettingsScreen.scene(preferences.settings, muted: preferences.muted, l)
        case .watch: scene = watch.map { WatchScreen.scene($0, l) } ?? Scene()
        case .phone where phones.setup.inBrowser:
            scene = PhoneScreen.browserScene(browserView, l)
        case .phone:
            let k = phones.setup.phone
            scene = PhoneScreen.scene(phones.setup, phones: preferences.settings.phones.count, address: preferences.settings.phone(k)?.address,
                                      slot: preferences.settings.phone(k)?.slot ?? 0, status: k < phones.count ? phones[k].status(now: now) : nil,
                                      calibrated: preferences.motionCalibration(phone: k) != nil, l)
        }
        if preferences.settings.bigButtons { scene.enlargeButtons() }
        coachScene(&scene, l)
        if let q = nav.question { scene.layers.append(q.layer(l)) }
        if let notice = nav.notice { scene.overlay += notice.elements(l) }
        // A live drawing has one button (Done) and nothing to move focus between.
        scene.focus = scene.buttons.isEmpty || isDrawingLive ? nil : Self.clamp(nav.focus, to: scene.buttons)
        return scene
    }

    /// What a key means on the screen showing, or on the question over it.
    func keyResponse(to key: Key) -> KeyResponse {
        if nav.question != nil { return DeleteQuestion.key(key) }
        switch nav.screen {
        case .home: return HomeScreen.key(key, latest: nav.latest)
        case .setup: return SetupScreen.key(key, nav.setup)
        case .drawing: return toolAction(key).map(KeyResponse.act) ?? DrawingScreen.key(key, paused: drawings.paused)
        case .end: return drawings.drawing.map { EndScreen.key(key, id: $0.id, handIn: desk.isSet) } ?? .navigate
        case .gallery: return GalleryScreen.key(key, nav.gallery, focused: focusedDrawingID, handIn: desk.isSet)
        case .handIn: return HandInScreen.key(key)
        case .openCode: return OpenCodeScreen.key(key, desk.screens.code)
        case .classroom: return ClassScreen.key(key)
        case .classSetup: return ClassSetupScreen.key(key, checking: desk.setting != nil)
        case .settings: return SettingsScreen.key(key)
        case .gate: return GateScreen.key(key)
        case .pictures: return PicturesScreen.key(key)
        case .watch: return WatchScreen.key(key)
        case .phone where phones.setup.inBrowser: return PhoneScreen.browserKey(key, player: phones.setup.pagePlayer)
        case .phone:
            return PhoneScreen.key(key, setup: phones.setup, phones: preferences.settings.phones.count,
                                   kept: preferences.settings.phone(phones.setup.phone)?.address)
        }
    }

    /// What the Phone screen's browser mode shows, read off the page phones.
    var browserView: PhoneScreen.BrowserView {
        let url = pageURL
        return PhoneScreen.BrowserView(player: phones.setup.pagePlayer, url: url,
                                       code: phones.pages.code?.text == url ? phones.pages.code?.matrix : nil,
                                       fingerprint: phones.pages.served?.fingerprint, problem: phones.pages.problem, pages: pageViews)
    }

    /// The buttons taking input now: the top layer's, as laid out in the window.
    var buttons: [Button] { scene(in: nav.layout).buttons }

    /// The focused one of `shown` (the buttons taking input now), kept within them.
    func focusedIndex(in shown: [Button]) -> Int? {
        shown.isEmpty ? nil : Self.clamp(nav.focus, to: shown)
    }

    static func clamp(_ focus: Int, to buttons: [Button]) -> Int { min(max(focus, 0), buttons.count - 1) }

    /// The drawing that the focused gallery button stands for, if any.
    var focusedDrawingID: String? {
        let shown = buttons
        guard let i = focusedIndex(in: shown) else { return nil }
        switch shown[i].action {
        case .open(let id), .deleteDrawing(let id), .handIn(let id): return id
        default: return nil
        }
    }
}
