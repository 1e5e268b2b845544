/// The phone page's files, compiled in: the server answers these three paths and nothing else,
/// and no path reads a file from disk.
///
/// No outside resources and no framework: the page works on a family's network with no
/// internet, and what runs on the phone is all here to read.
enum PhonePageAssets {
    /// `/`: the page.
    static let html = PhonePageAssets.pageHTML
    /// `/phone.js`: its script.
    static let script = PhonePageAssets.pageScript
    /// `/icon.svg`: its icon (the tab, the home screen).
    static let icon = PhonePageAssets.pageIcon
}
