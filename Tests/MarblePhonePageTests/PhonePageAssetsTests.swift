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
}
