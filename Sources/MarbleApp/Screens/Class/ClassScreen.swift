import MarbleKit

/// Settings ▸ Class, the teacher's screen: where the class folder is, who hands in on this
/// machine, Set up (E: the form that sets them) or the command, and the class gallery child by
/// child (Watch on each).
enum ClassScreen {
    /// The command a teacher types to set the class folder (as Set up does in the window).
    static let setCommand = "marble class set https://SERVER/FOLDER/ --names \"Ada, Ben\""

    static func scene(setup: ClassSetup?, problem: String?, gallery: ClassGalleryPage, marks: [String: Int], _ l: Layout) -> Scene {
        var buttons = [
            // 100 high, not 110: the folder's line under them is as long as the window is wide.
            Button(.back, icon: .back, label: tr("Back"), rect: l.rect(30, 24, 150, 100), color: Palette.neutral, key: "Esc"),
            Button(.classSetup, icon: .gear, label: tr("Set up"), rect: l.rect(1100, 24, 150, 100), color: Palette.button, key: "E"),
        ]
        var elements: [Element] = [
            .icon(.people, l.rect(520, 34, 72, 72), Palette.text),
            .text(tr("Class"), l.point(610, 70), .title, Palette.text, .left),
        ]
        let names = setup?.names ?? []
        var lines: [(String, RGBA8)] = [
            (setup.map { s in s.user.map { tr("Class folder: {address} (as {user})", ["address": s.url, "user": $0]) } ?? tr("Class folder: {address}", ["address": s.url]) }
                ?? tr("No class folder on this machine."), Palette.text),
            (problem ?? (names.isEmpty ? tr("No names: a drawing is handed in at once.") : tr("Names: {names}", ["names": names.joined(separator: ", ")])),
             problem == nil ? Palette.dimText : Palette.danger),
            (tr("To set it: Set up (E), or in a terminal:"), Palette.dimText),
            ("    " + setCommand, Palette.dimText),
            ("    " + tr("(with --user NAME --password-file FILE when the server asks for them)"), Palette.dimText),
            (tr("To bring in the class's drawings: {command}", ["command": "marble class pull"]), Palette.dimText),
        ]
        // Signing in over plain http:// to another machine (the teacher allowed it): an open
        // padlock, and why, under the address.
        let unlocked = setup.map { $0.signsInUnencrypted && $0.allowsPlainHTTP } ?? false
        if unlocked { lines.insert((unencrypted, Palette.danger), at: 1) }
        let step = unlocked ? 28.0 : 32.0
        for (k, line) in lines.enumerated() {
            elements.append(.text(line.0, l.point(220, 146 + Double(k) * step), k == 0 ? .body : .small, line.1, .left))
        }
        if unlocked { elements.append(.icon(.openPadlock, l.rect(184, 146 + step - 22, 28, 28), Palette.danger)) }
        if gallery.children.isEmpty {
            elements.append(.text(setup == nil ? "" : tr("No drawings pulled yet."), l.point(640, 480), .body, Palette.dimText, .center))
            return Scene(layers: [Layer(elements: elements, buttons: buttons)])
        }
        // A row a child: their mark and name, then their drawings, newest first, to watch.
        let rowH = 112.0, top = 324.0, thumbW = 150.0, gap = 14.0
        for (row, child) in gallery.shown.enumerated() {
            let y = top + Double(row) * rowH
            let mark = marks[child.name] ?? NameMarks.hash(child.name) % NameMarks.count
            elements += [
                .icon(.nameMark(NameMarks.shape(mark)), l.rect(40, y + 30, 44, 44), NameMarks.color(mark)),
                .text(child.name.isEmpty ? "—" : child.name, l.point(94, y + 52), .body, Palette.text, .left),
                .text("\(child.drawings.count)", l.point(94, y + 84), .small, Palette.dimText, .left),
            ]
            for (k, d) in child.drawings.prefix(ClassGalleryPage.perRow).enumerated() {
                buttons.append(Button(.watchClass(d.id), icon: .watch, label: "", rect: l.rect(300 + Double(k) * (thumbW + gap), y, thumbW, rowH - 14),
                                      picture: d.thumbnailPath))
            }
        }
        if gallery.children.count > ClassGalleryPage.rowsShown {
            elements.append(.text(tr("{first}–{last} of {children} children · scroll for more", ["first": gallery.top + 1, "last": gallery.top + gallery.shown.count, "children": gallery.children.count]),
                                  l.point(640, 786), .small, Palette.dimText, .center))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// Said beside the open padlock when the password crosses the network unencrypted.
    static var unencrypted: String { tr("Unlocked: plain http:// sends the password unencrypted; https:// locks it") }

    /// E sets the class folder up; arrows and Enter choose a drawing to watch; Esc goes back.
    static func key(_ key: Key) -> KeyResponse { key == .e ? .act(.classSetup) : .navigate }
}
