import MarbleKit

/// A drawing's hand-in as its button and its status show it (End screen, gallery tile).
enum HandInView: Equatable, Sendable {
    /// Not handed in (in this outbox): a tray, to hand it in.
    case ready
    /// Being kept in the outbox: a clock; the button says done only once it is kept.
    case keeping
    /// Kept: waiting (a clock, or why it waits) or in (a tick), with its code.
    case kept(HandInStatus)

    /// The button's picture.
    var icon: Icon {
        switch self {
        case .ready: .tray
        case .keeping: .clock
        case .kept(let s): s.sent ? .check : .clock
        }
    }

    /// The button's colour: a tray to press, grey while it is kept, green once it is in.
    var color: RGBA8 {
        switch self {
        case .ready: Palette.button
        case .keeping: Palette.neutral
        case .kept(let s): s.sent ? Palette.go : Palette.neutral
        }
    }

    /// The picture of why a kept hand-in waits (nil: it is in, or it waits without a failed try).
    var reasonIcon: Icon? {
        guard case .kept(let s) = self, !s.sent, let reason = s.reason else { return nil }
        return Self.icon(of: reason)
    }

    static func icon(of reason: HandInStatus.Reason) -> Icon {
        switch reason {
        case .unreachable: .cloudCross
        case .password: .key
        case .full: .fullTray
        }
    }

    /// The End screen's status beside the movement panel: the clock then the tick (or why it
    /// waits), and the code, large, once it is kept.
    func statusElements(in box: Rect, _ l: Layout) -> [Element] {
        guard case .kept(let s) = self else { return [] }
        let icon = Rect(x: box.x + 10 * l.u, y: box.y + 10 * l.u, w: box.h - 20 * l.u, h: box.h - 20 * l.u)
        var out: [Element] = [.box(box, s.sent ? Palette.go : Palette.panel, radius: 10 * l.u)]
        if let why = reasonIcon {
            out += [.icon(why, icon, Palette.danger),
                    .icon(.clock, Rect(x: icon.maxX - 22 * l.u, y: icon.maxY - 22 * l.u, w: 26 * l.u, h: 26 * l.u), Palette.text)]
        } else {
            out.append(.icon(s.sent ? .check : .clock, icon, Palette.text))
        }
        out.append(.text(s.code, Point(icon.maxX + 14 * l.u, box.center.y), .huge, Palette.text, .left))
        return out
    }
}
