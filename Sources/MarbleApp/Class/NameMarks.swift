import MarbleKit

/// Each child's own colour and shape on the names screen, so a child who cannot read their
/// name yet finds it by its picture: the same name gets the same mark every time.
///
/// A mark comes from the name itself (a hash of its letters), so adding or moving other names
/// does not change it; two names of one class that would share a mark take the next free one
/// in the teacher's order, so no two children of a machine look alike (up to 48 names), and
/// up to 8 children each have a colour of their own.
enum NameMarks {
    /// The colours, strong enough for white words on them.
    static let colors: [RGBA8] = [
        RGBA8(206, 64, 64), RGBA8(46, 150, 90), RGBA8(60, 110, 206), RGBA8(196, 120, 30),
        RGBA8(150, 80, 190), RGBA8(20, 140, 150), RGBA8(200, 70, 140), RGBA8(110, 120, 40),
    ]
    /// How many shapes `Icon.nameMark` draws.
    static let shapes = 6
    static var count: Int { colors.count * shapes }

    /// The mark of each name of `names` (the teacher's order), by name: from the name's hash,
    /// moved on to the next free mark whose colour is used least, so a few children all get
    /// colours of their own.
    static func marks(_ names: [String]) -> [String: Int] {
        var out: [String: Int] = [:]
        var taken = Set<Int>()
        var uses = Array(repeating: 0, count: colors.count)
        for name in names {
            let start = hash(name) % count
            let free = (0..<count).map { (start + $0) % count }.filter { !taken.contains($0) }
            let fewest = free.map { uses[$0 % colors.count] }.min() ?? 0
            let m = free.first { uses[$0 % colors.count] == fewest } ?? start
            taken.insert(m)
            uses[m % colors.count] += 1
            out[name] = m
        }
        return out
    }

    /// A mark's colour and shape.
    static func color(_ mark: Int) -> RGBA8 { colors[mark % colors.count] }
    static func shape(_ mark: Int) -> Int { (mark / colors.count) % shapes }

    /// FNV-1a over the name's letters, lowercased: stable across runs and machines.
    static func hash(_ name: String) -> Int {
        var h: UInt32 = 2_166_136_261
        for b in name.lowercased().utf8 {
            h ^= UInt32(b)
            h = h &* 16_777_619
        }
        return Int(h % 1_000_003)
    }
}
