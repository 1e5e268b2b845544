/// Why a saved state cannot be restored: it holds a value that no session or canvas reaches.
///
/// A snapshot's checksum vouches for its bytes, not for the program that wrote them; a state
/// with a NaN clock or a history index past the strokes would trap later, so restoring refuses
/// it and the store treats the snapshot as damaged.
struct RestoreError: Error, Equatable, Sendable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
