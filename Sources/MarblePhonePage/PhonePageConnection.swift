import MarbleKit

/// One connection's state on the server's thread: its request, its seat once it has one, what
/// waits to be written, and its message rate.
final class PhonePageConnection {
    /// The seat this page holds (after a hello or a back), by token.
    var seat: PhonePageSeat?
    /// The text message being assembled from fragments.
    var incoming: [UInt8] = []
    /// Lines waiting to be written (a socket's), or an HTTP body.
    var outgoing: [[UInt8]] = []
    var httpBody: [UInt8]?
    /// A POST's body so far.
    var postBody: [UInt8] = []
    var postTooLarge = false
    /// Closed after what is queued is written (a `bye`).
    var closeAfterWrite = false
    var isSocket = false
    var rate = PhonePageRate()
}
