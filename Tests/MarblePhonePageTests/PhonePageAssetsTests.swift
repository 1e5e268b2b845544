import Testing
@testable import MarblePhonePage

@Suite("The phone page's files")
struct PhonePageAssetsTests {
    @Test("the page has its Start button and loads its script from its own server")
    func pageShape() {
        #expect(PhonePageAssets.html.contains(#"id="start""#))
        #expect(PhonePageAssets.html.contains(#"src="/phone.js""#))
        // No outside resources: nothing fetched from another host.
        #expect(!PhonePageAssets.html.contains("http://") && !PhonePageAssets.html.contains("https://"))
    }

    @Test("no inline script (the CSP allows none): the one script element is /phone.js")
    func noInlineScript() {
        #expect(PhonePageAssets.html.ranges(of: "<script").count == 1)
        #expect(PhonePageAssets.html.contains(#"<script src="/phone.js"></script>"#))
    }

    @Test("the script speaks the protocol's lines and has the buttons the page shows")
    func scriptShape() {
        let script = PhonePageAssets.script
        for word in [#""hello,""#, #""back,""#, #""/socket""#, #""/readings""#, "window.marblePhone"] {
            #expect(script.contains(word), "\(word)")
        }
        for id in ["start", "pen", "eraser", "undo", "status"] {
            #expect(PhonePageAssets.html.contains("id=\"\(id)\""), "\(id)")
        }
    }
}
