import MarbleKit

/// The seats' codes in a file, for a test that plays the phones (the window's end-to-end test
/// sets `MARBLE_PHONE_PAGE_CODES`): a family scans them from the Phone screen, and the log never
/// shows them (stderr often ends up in the desktop's journal).
extension App {
    /// From now on, each seat's address with its code is kept in `file` (0600), one line a
    /// player, `player N: https://…/#TOKEN`, rewritten when the server starts and when a seat
    /// is let go.
    public func keepPageCodes(in file: String) {
        phones.pages.codesFile = file
        writePageCodes()
    }

    func writePageCodes() {
        guard let file = phones.pages.codesFile, let address = phones.pages.served?.address else { return }
        let lines = phones.pages.seats.sorted { $0.player < $1.player }.map { "player \($0.player + 1): \(address.url(token: $0.token))\n" }.joined()
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(Array(lines.utf8), to: file, mode: 0o600, io: drawings.store.environment.io)
        } catch {
            log("phone page: cannot keep the codes in \(file): \(error)")
        }
    }
}
