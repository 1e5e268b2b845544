import Foundation
import MarbleTestSupport
import Testing
@testable import MarblePhonePage

@Suite("The phone page's files")
struct PhonePageAssetsTests {
    static let html = String(decoding: PhonePageAssets.html, as: UTF8.self)
    static let script = String(decoding: PhonePageAssets.script, as: UTF8.self)

    @Test("the page has its Start button and loads its style and script from its own server")
    func pageShape() {
        #expect(Self.html.contains(#"id="start""#))
        #expect(Self.html.contains(#"src="/phone.js""#))
        #expect(Self.html.contains(#"<link rel="stylesheet" href="/phone.css">"#))
        // No outside resources: nothing fetched from another host.
        #expect(!Self.html.contains("http://") && !Self.html.contains("https://"))
    }

    @Test("no inline script (the CSP allows none): the one script element is /phone.js")
    func noInlineScript() {
        #expect(Self.html.ranges(of: "<script").count == 1)
        #expect(Self.html.contains(#"<script src="/phone.js"></script>"#))
    }

    @Test("no inline style (the CSP allows none): no style element, no style attribute")
    func noInlineStyle() {
        #expect(!Self.html.contains("<style"))
        #expect(!Self.html.contains("style="))
        #expect(String(decoding: PhonePageAssets.style, as: UTF8.self).contains("#status"))
    }

    @Test("the script speaks the protocol's lines and has the buttons the page shows")
    func scriptShape() {
        for word in [#""hello,""#, #""back,""#, #""/socket""#, #""/readings""#, "window.marblePhone"] {
            #expect(Self.script.contains(word), "\(word)")
        }
        for id in ["start", "pen", "eraser", "undo", "status"] {
            #expect(Self.html.contains("id=\"\(id)\""), "\(id)")
        }
    }

    @Test("the page is files, not Swift strings: no Swift file in Sources holds HTML or JavaScript")
    func noPageInSwift() throws {
        let sources = Repository.root.appendingPathComponent("Sources").path
        let swift = (FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        #expect(swift.count > 100)
        for path in swift {
            let text = try String(contentsOfFile: sources + "/" + path, encoding: .utf8)
            for mark in ["<script", "<html", "function("] where text.contains(mark) {
                Issue.record("Sources/\(path) holds \(mark)")
            }
        }
    }
}
