/// What guides a child who cannot read yet: the voice's memory of what it said about the screen
/// (`Narrator`, in `Voice/`) and the coach (the ghost marble and the hints).
///
/// One field of `App`, changed only in the frame's update (`narrate()`, `coachFrame`).
struct Guide {
    /// What the voice said last about the screen.
    var narrator = Narrator()
    /// The ghost marble and the hints.
    var coach = Coach()
}
