/// The phone page's files, compiled in: the server answers these four paths and nothing else,
/// and no path reads a file from disk.
///
/// They are real files beside this one (`phone.html`, `phone.css`, `icon.svg` and the script's
/// three parts), made bytes of the program by SwiftPM's `embedInCode` (Package.swift), so node
/// and a browser test them as the files they are. No outside resources and no framework: the
/// page works on a family's network with no internet, and what runs on the phone is all here
/// to read.
enum PhonePageAssets {
    /// `/`: the page a child's phone opens from the QR code. For children who read little:
    /// pictures first, a word at most. Its style is `/phone.css` and its script `/phone.js`
    /// (the CSP allows no inline script or style). Nothing is fetched from another host.
    static let html = PackageResources.phone_html
    /// `/phone.css`: its look.
    static let style = PackageResources.phone_css
    /// `/phone.js`: one classic script in three files: the pure arithmetic (checked in Node by
    /// `Tests/Tools/phone_page_js_test.js`), the link to marble, and the page's senses and face
    /// (which uses both; function declarations are shared by the whole script).
    static let script = PackageResources.phone_math_js + PackageResources.phone_link_js + PackageResources.phone_page_js
    /// `/icon.svg`: its icon (the tab, the home screen): a marble on a board.
    static let icon = PackageResources.icon_svg
}
