import Foundation
import MarbleKit
import Testing
@testable import MarbleApp

/// What `marble play --phone-page` prints (its log goes to stderr, and stderr often to the
/// desktop's journal): where the page is and its certificate, never a seat's token.
@Suite("App: the phone page's log")
struct AppPhonePageLogTests {
    @Test("Served for the run, it logs the page's address and fingerprint, and no seat's token, before or after a page joins")
    func noTokenLogged() throws {
        let p = try PageHarness()
        try p.startDrawing(marbles: 2)
        let server = try #require(p.server)
        let first = try p.token(0)
        p.join(first)
        p.stream(30, [first]) { _, t in PageHarness.reading(t) }
        // Let go: player 1 gets a new token, offered again.
        p.app.perform(.letGoPage(0))
        p.h.frames(5)
        let tokens = Set(server.state.withLock { $0.offers }.flatMap { $0.map(\.token) }).map { "\($0)" }
        #expect(tokens.count >= 5)
        let lines = p.logged.lines + p.app.pageSummaries
        #expect(lines.contains { $0.contains(server.address.origin) }, "where the page is: \(lines)")
        #expect(lines.contains { $0.contains(server.fingerprint) }, "its certificate: \(lines)")
        for line in lines {
            #expect(!tokens.contains { line.contains($0) }, "a token in \(line)")
            #expect(!line.contains("/#"), "a page's address with its code: \(line)")
        }
    }

    @Test("The codes file a test asks for (MARBLE_PHONE_PAGE_CODES) holds each seat's address, 0600, and follows a let go")
    func codesFile() throws {
        let p = try PageHarness()
        let file = p.h.temp.root + "/codes"
        p.app.keepPageCodes(in: file)
        try p.startDrawing()
        let server = try #require(p.server)
        func lines() -> [String] { ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        #expect(lines() == server.seats.sorted { $0.player < $1.player }.map { "player \($0.player + 1): \(server.address.url(token: $0.token))" })
        let mode = (try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        let first = try p.token(0)
        p.join(first)
        p.app.perform(.letGoPage(0))
        p.h.frames(2)
        let fresh = try p.token(0)
        #expect(fresh != first && lines().first == "player 1: \(server.address.url(token: fresh))")
    }
}
