import MarbleKit

/// One admitted connection's state on the server's thread: a socket's, or a readings POST's
/// while its body comes (a request refused on its headers never has one). Its rate is its
/// seat's, kept by the server.
final class PhonePageConnection {
    /// The seat this page holds (after a hello or a back), by token.
    var seat: PhonePageSeat?
    /// The text message being assembled from fragments.
    var incoming: [UInt8] = []
    /// Lines waiting to be written (a socket's).
    var outgoing: [[UInt8]] = []
    /// A POST's body so far.
    var postBody: [UInt8] = []
    var postTooLarge = false
    /// Closed after what is queued is written (a `bye`).
    var closeAfterWrite = false
    var isSocket = false
    /// When it opened (monotonic seconds): the oldest stranger's socket makes room first.
    var opened = 0.0
}
