/// Moving focus between buttons with arrows, a D-pad or a stick.
public enum Direction: Equatable, Sendable {
    case up, down, left, right
}

public enum Focus {
    /// The button to go to from `from` in direction `dir`: the nearest whose centre lies that way,
    /// favouring buttons in line; `from` itself when there is none (focus stays put at an edge).
    public static func move(from: Int, _ dir: Direction, in buttons: [Button]) -> Int {
        guard buttons.indices.contains(from) else { return buttons.isEmpty ? 0 : 0 }
        let c = buttons[from].rect.center
        var best: (index: Int, cost: Double)?
        for (i, b) in buttons.enumerated() where i != from {
            let p = b.rect.center
            let dx = p.x - c.x, dy = p.y - c.y
            let (along, across): (Double, Double)
            switch dir {
            case .up: (along, across) = (-dy, abs(dx))
            case .down: (along, across) = (dy, abs(dx))
            case .left: (along, across) = (-dx, abs(dy))
            case .right: (along, across) = (dx, abs(dy))
            }
            guard along > 1 else { continue }
            // Sideways distance weighs more: a row's neighbour beats a nearer button off the line.
            let cost = along + 2.5 * across
            if best == nil || cost < best!.cost { best = (i, cost) }
        }
        return best?.index ?? from
    }

    /// The button under a point, if any.
    public static func hit(_ p: Point, in buttons: [Button]) -> Int? {
        buttons.lastIndex { $0.rect.contains(p) }
    }
}
