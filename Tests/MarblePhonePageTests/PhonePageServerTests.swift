import Foundation
import MarbleKit
import MarblePhonePage
import MarbleTestSupport
import Testing

@Suite("The phone page's server, on 127.0.0.1", .serialized)
struct PhonePageServerTests {
    @Test("serves its page, style, script and icon over HTTPS with the page's headers")
    func servesFiles() throws {
        let page = try ServedPage()
        let html = try page.probe(["do": "get", "path": "/"])
        #expect(html["status"] as? Int == 200)
        #expect((html["body"] as? String)?.contains(#"id="start""#) == true)
        let headers = html["headers"] as? [String: String] ?? [:]
        #expect(headers["content-security-policy"]?.contains("default-src 'self'") == true)
        // No inline style or script is allowed: the page has none.
        #expect(headers["content-security-policy"]?.contains("unsafe-inline") == false)
        #expect(headers["cache-control"] == "no-store")
        for (path, type) in [("/phone.css", "text/css"), ("/phone.js", "text/javascript"), ("/icon.svg", "image/svg+xml")] {
            let a = try page.probe(["do": "get", "path": path])
            #expect(a["status"] as? Int == 200, "\(path)")
            #expect((a["headers"] as? [String: String])?["content-type"]?.hasPrefix(type) == true, "\(path)")
        }
    }

    @Test("what it serves is the files in Sources/MarblePhonePage/Page, byte for byte")
    func servesTheFiles() throws {
        let page = try ServedPage()
        let folder = Repository.root.appendingPathComponent("Sources/MarblePhonePage/Page")
        func file(_ name: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        let script = try ["phone-math.js", "phone-link.js", "phone-page.js"].map(file).joined()
        for (path, wanted) in [("/", try file("phone.html")), ("/phone.css", try file("phone.css")),
                               ("/phone.js", script), ("/icon.svg", try file("icon.svg"))] {
            #expect(try page.probe(["do": "get", "path": path])["body"] as? String == wanted, "\(path)")
        }
    }

    @Test("a page opened with its token takes the seat and its readings reach the app")
    func helloThenReadings() throws {
        let page = try ServedPage()
        let seat = page.seats[1]
        let answer = try page.probe(["do": "socket", "origin": page.origin,
                                     "send": ["hello,\(seat.token)", readingLine(time: 100), readingLine(time: 116.7, gravity: (-4.9, 0, 8.5))]])
        let replies = answer["replies"] as? [String] ?? []
        #expect(replies.first?.hasPrefix("welcome,") == true)
        #expect(replies.first?.hasSuffix(",2,\(seat.colorHex)") == true)
        let events = page.events()
        #expect(events.first == .joined(seat.token))
        let readings = events.compactMap { if case .reading(let t, let r, _) = $0, t == seat.token { r } else { nil } }
        #expect(readings.map(\.time) == [100, 116.7])
        #expect(readings.last?.gravity.x == -4.9)
        #expect(events.last == .left(seat.token))
    }

    @Test("refused: a wrong token, and a used one from a second page")
    func wrongAndUsedTokens() throws {
        let page = try ServedPage()
        let wrong = try page.probe(["do": "socket", "origin": page.origin, "send": ["hello,\(PairingToken.random())", readingLine(time: 1)]])
        #expect((wrong["replies"] as? [String])?.first?.hasPrefix("bye,") == true)
        #expect(wrong["closed"] as? Bool == true)
        let token = page.seats[0].token
        let first = try page.probe(["do": "socket", "origin": page.origin, "send": ["hello,\(token)"]])
        #expect((first["replies"] as? [String])?.first?.hasPrefix("welcome,") == true)
        let second = try page.probe(["do": "socket", "origin": page.origin, "send": ["hello,\(token)", readingLine(time: 5)]])
        #expect((second["replies"] as? [String]) == ["bye,a code already used by another phone"])
        let readings = page.events().filter { if case .reading = $0 { true } else { false } }
        #expect(readings.isEmpty)
        #expect(page.server.counts.refused["a code already used by another phone"] == 1)
        #expect(page.server.counts.refused["an unknown or withdrawn code"] == 1)
    }

    @Test("the page that opened the seat comes back with its key after a drop, and is welcomed again")
    func backWithKey() throws {
        let page = try ServedPage()
        let token = page.seats[0].token
        let first = try page.probe(["do": "socket", "origin": page.origin, "send": ["hello,\(token)"]])
        let welcome = (first["replies"] as? [String])?.first ?? ""
        let key = welcome.split(separator: ",").dropFirst().first.map(String.init) ?? ""
        let again = try page.probe(["do": "socket", "origin": page.origin, "send": ["back,\(key)", readingLine(time: 2000)]])
        #expect(again["closed"] as? Bool != true)
        #expect((again["replies"] as? [String]) == [welcome], "welcomed again: the page's new socket sends once it is")
        let events = page.events()
        #expect(events.filter { $0 == .joined(token) }.count == 2)
        #expect(events.contains { if case .reading(token, let r, _) = $0 { r.time == 2000 } else { false } })
        let forged = try page.probe(["do": "socket", "origin": page.origin, "send": ["back,\(PairingToken.random())"]])
        #expect((forged["replies"] as? [String]) == ["bye,an unknown key"])
    }

    @Test("refused: a foreign Origin or none on the socket, and a foreign Host anywhere")
    func originAndHost() throws {
        let page = try ServedPage()
        let token = page.seats[0].token
        for origin in ["https://evil.example", "http://127.0.0.1:\(page.port)", "null"] {
            let a = try page.probe(["do": "socket", "origin": origin, "send": ["hello,\(token)"]])
            #expect(a["opened"] as? Bool == false, "origin \(origin)")
        }
        let none = try page.probe(["do": "socket", "send": ["hello,\(token)"]])
        #expect(none["opened"] as? Bool == false)
        let rebound = try page.probe(["do": "socket", "origin": page.origin, "host": "evil.example:\(page.port)", "send": ["hello,\(token)"]])
        #expect(rebound["opened"] as? Bool == false)
        #expect(try page.probe(["do": "get", "path": "/", "host": "evil.example"])["status"] as? Int == 403)
        #expect(try page.probe(["do": "get", "path": "/", "origin": "https://evil.example"])["status"] as? Int == 403)
        // The seat is still free for the real page.
        let real = try page.probe(["do": "socket", "origin": page.origin, "send": ["hello,\(token)"]])
        #expect((real["replies"] as? [String])?.first?.hasPrefix("welcome,") == true)
    }

    @Test("404: unknown paths, .. paths, and the store's own files; collapsed paths stay among the six")
    func unknownPaths() throws {
        let page = try ServedPage()
        for path in ["/favicon.ico", "/../phone-page/key.pem", "/%2e%2e/phone-page/key.pem", "/phone-page/key.pem",
                     "/../../../etc/passwd", "/index.html", "/phone.js.map"] {
            let a = try page.probe(["do": "get", "path": path])
            #expect(a["status"] as? Int == 404, "\(path)")
            #expect((a["body"] as? String)?.contains("PRIVATE KEY") != true)
        }
        // libwebsockets collapses `//` and `..` as a browser would before routing: what they
        // reach is still one of the compiled-in files.
        for (path, wanted) in [("//phone.js", "use strict"), ("/socket/../phone.js", "use strict"), ("/phone.js/..", #"id="start""#)] {
            let a = try page.probe(["do": "get", "path": path])
            #expect((a["body"] as? String)?.contains(wanted) == true, "\(path)")
        }
        #expect(try page.probe(["do": "socket", "origin": page.origin, "path": "/other", "send": []])["opened"] as? Bool == false)
    }

    @Test("plain HTTP on the port gets a redirect to HTTPS and nothing else")
    func plainHTTP() throws {
        let page = try ServedPage()
        let a = try page.probe(["do": "plain", "path": "/phone.js"])
        let status = a["status"] as? Int ?? 0
        #expect((300..<400).contains(status))
        #expect((a["headers"] as? [String: String])?["location"]?.hasPrefix("https://") == true)
    }

    @Test("malformed and oversized messages are dropped and counted; the page stays")
    func badMessages() throws {
        let page = try ServedPage()
        let token = page.seats[0].token
        let a = try page.probe(["do": "socket", "origin": page.origin,
                                "send": ["hello,\(token)", "r,1,2", "nonsense", ["binary": "xyz"], readingLine(time: 9)]])
        #expect(a["closed"] as? Bool != true)
        #expect(page.server.counts.dropped["malformed"] == 2)
        #expect(page.events().contains { if case .reading(_, let r, _) = $0 { r.time == 9 } else { false } })
        let big = try page.probe(["do": "socket", "origin": page.origin,
                                  "send": ["hello,\(page.seats[1].token)", ["repeat": "x", "times": 20_000]]])
        #expect(big["closed"] as? Bool == true)
        #expect(page.server.counts.dropped["oversized"] == 1)
        let post = try page.probe(["do": "post", "path": "/readings", "origin": page.origin, "body": String(repeating: "y", count: 20_000)])
        #expect(post["status"] as? Int == 413)
    }

    @Test("a flood of readings past the rate is dropped, not queued")
    func rate() throws {
        let page = try ServedPage()
        let token = page.seats[0].token
        let lines = (0..<1_000).map { readingLine(time: Double($0)) }
        _ = try page.probe(["do": "socket", "origin": page.origin, "send": ["hello,\(token)"] + lines])
        let n = page.events().filter { if case .reading = $0 { true } else { false } }.count
        // A burst of 400 passes (and a little refill while sending); the rest is dropped.
        #expect(n >= 400 && n < 1_000)
        #expect((page.server.counts.dropped["over the rate"] ?? 0) > 0)
    }

    @Test("a flood of connections is refused before TLS, and the page still answers")
    func connectionFlood() throws {
        let page = try ServedPage()
        let flood = try page.probe(["do": "flood", "count": 300])
        #expect((flood["closedAtOnce"] as? Int ?? 0) > 0)
        #expect((page.server.counts.refused["too many connections at once"] ?? 0) > 0)
        Thread.sleep(forTimeInterval: 1.2)
        #expect(try page.probe(["do": "get", "path": "/"])["status"] as? Int == 200)
    }

    @Test("the POST fallback: a hello batch, then batches that come back with the key")
    func postFallback() throws {
        let page = try ServedPage()
        let token = page.seats[0].token
        let first = try page.probe(["do": "post", "path": "/readings", "origin": page.origin, "body": "hello,\(token)\n\(readingLine(time: 1))\n"])
        #expect(first["status"] as? Int == 200)
        let welcome = (first["body"] as? String ?? "").split(separator: "\n").first.map(String.init) ?? ""
        #expect(welcome.hasPrefix("welcome,"))
        let key = welcome.split(separator: ",").dropFirst().first.map(String.init) ?? ""
        let next = try page.probe(["do": "post", "path": "/readings", "origin": page.origin, "body": "back,\(key)\n\(readingLine(time: 2))\n"])
        #expect(next["status"] as? Int == 200)
        let refused = try page.probe(["do": "post", "path": "/readings", "origin": page.origin, "body": "hello,\(token)\n"])
        #expect(refused["status"] as? Int == 403)
        let foreign = try page.probe(["do": "post", "path": "/readings", "origin": "https://evil.example", "body": "back,\(key)\n"])
        #expect(foreign["status"] as? Int == 403)
        let events = page.events()
        #expect(events.filter { $0 == .joined(token) }.count == 1)
        #expect(events.compactMap { if case .reading(_, let r, _) = $0 { r.time } else { nil } } == [1, 2])
    }

    @Test("where the app seats a page reaches its socket; back after a drop, it is welcomed and told again")
    func toldOnTheSocket() throws {
        let page = try ServedPage()
        let token = page.seats[0].token
        let driven = PhonePageSeat(token: token, player: 1, color: PlayerColors.color(of: 1))
        let answered = page.socketMeanwhile(sending: ["hello,\(token)"], wait: 3.0)
        Thread.sleep(forTimeInterval: 1.0)
        page.server.tell(token, drives: driven)
        Thread.sleep(forTimeInterval: 0.3)
        page.server.tell(token, drives: nil)
        // A seat no longer offered is told nothing.
        page.server.tell(PairingToken.random(), drives: driven)
        let answer = answered()
        let replies = answer["replies"] as? [String] ?? []
        #expect(replies.count == 3 && replies.first?.hasPrefix("welcome,") == true && replies.first?.hasSuffix(",1,\(page.seats[0].colorHex)") == true)
        #expect(Array(replies.dropFirst()) == ["seat,2,\(driven.colorHex)", "wait"])
        let key = replies.first?.split(separator: ",").dropFirst().first.map(String.init) ?? ""
        let again = try page.probe(["do": "socket", "origin": page.origin, "send": ["back,\(key)"]])
        #expect((again["replies"] as? [String]) == [replies[0], "wait"])
    }

    @Test("a POST page is told where the app seats it in its next answer, once")
    func toldInThePostAnswer() throws {
        let page = try ServedPage()
        let token = page.seats[1].token
        let first = try page.probe(["do": "post", "path": "/readings", "origin": page.origin, "body": "hello,\(token)\n"])
        let welcome = (first["body"] as? String ?? "").split(separator: "\n").map(String.init)
        #expect(welcome.count == 1 && welcome.first?.hasPrefix("welcome,") == true)
        let key = welcome.first?.split(separator: ",").dropFirst().first.map(String.init) ?? ""
        let driven = PhonePageSeat(token: token, player: 3, color: PlayerColors.color(of: 3))
        page.server.tell(token, drives: driven)
        Thread.sleep(forTimeInterval: 0.2)
        let told = try page.probe(["do": "post", "path": "/readings", "origin": page.origin, "body": "back,\(key)\n\(readingLine(time: 1))\n"])
        #expect(told["status"] as? Int == 200 && told["body"] as? String == "seat,4,\(driven.colorHex)\n")
        let next = try page.probe(["do": "post", "path": "/readings", "origin": page.origin, "body": "back,\(key)\n\(readingLine(time: 2))\n"])
        #expect(next["status"] as? Int == 200 && next["body"] as? String == "\n")
    }

    @Test("a seat withdrawn lets its page go with a bye")
    func letGo() throws {
        let page = try ServedPage()
        let token = page.seats[0].token
        let answered = page.socketMeanwhile(sending: ["hello,\(token)"], wait: 3.0)
        Thread.sleep(forTimeInterval: 1.0)
        page.server.offer([page.seats[1]])
        let answer = answered()
        #expect((answer["replies"] as? [String])?.last == "bye,let go")
        #expect(answer["closed"] as? Bool == true)
    }
}

@Suite("The phone page's server in a busy program")
struct PhonePageServerBusyTests {
    @Test("it answers when the program already holds hundreds of open files (descriptor numbers past 256)")
    func manyOpenFiles() throws {
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        for _ in 0..<600 { held.append(open("/dev/null", O_RDONLY)) }
        let page = try ServedPage()
        #expect(try page.probe(["do": "get", "path": "/"])["status"] as? Int == 200)
    }
}
