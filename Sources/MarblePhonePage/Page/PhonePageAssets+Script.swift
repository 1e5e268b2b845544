extension PhonePageAssets {
    /// `/phone.js`: one classic script in three parts, each under 300 lines: the pure
    /// arithmetic (checked in Node by `Tests/Tools/phone_page_js_test.js`), the link to marble,
    /// and the page itself (which uses both; function declarations are shared by the whole script).
    static let pageScript = scriptMath + scriptLink + scriptPage
}
