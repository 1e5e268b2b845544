/// The players' own colours: four that stay apart for the common colour-blindnesses (the
/// Okabe–Ito palette's orange, sky blue, bluish green and reddish purple), one a marble. Not
/// the paint's (that follows the heading): who is who, round each ball, in the window and in films.
public enum PlayerColors {
    public static let colors = [RGBA8(230, 159, 0), RGBA8(86, 180, 233), RGBA8(0, 158, 115), RGBA8(204, 121, 167)]

    /// Player `index`'s colour (0-based).
    public static func color(of index: Int) -> RGBA8 { colors[min(max(index, 0), colors.count - 1)] }
}
