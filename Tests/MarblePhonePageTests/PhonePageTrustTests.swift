import Foundation
import MarbleKit
import MarblePhonePage
import MarbleTestSupport
import Testing

/// What a stranger on the Wi-Fi would try against the phone page's server, with requests no
/// browser sends (headers and body in one write) and floods, on 127.0.0.1.
@Suite("The phone page's server against strangers, on 127.0.0.1", .serialized)
struct PhonePageTrustTests {
    /// A POST as one write: the headers and `body` together, so a server that reads a body
    /// before it has judged the headers is caught.
    static func post(_ page: ServedPage, path: String = "/readings", origin: String?, host: String? = nil, body: String) -> String {
        "POST \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(page.port)")\r\n"
            + (origin.map { "Origin: \($0)\r\n" } ?? "")
            + "Content-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test("a refused POST admits nothing: a foreign Origin's, a foreign Host's or an unknown path's token is still the real page's")
    func refusedPostAdmitsNothing() throws {
        let page = try ServedPage()
        let token = page.seats[0].token
        let body = "hello,\(token)\n\(readingLine(time: 1))\n"
        let cases: [(name: String, data: String, status: Int, why: String)] = [
            ("a foreign Origin", Self.post(page, origin: "https://evil.example", body: body), 403, "a foreign Origin (POST /readings)"),
            ("no Origin", Self.post(page, origin: nil, body: body), 403, "a foreign Origin (POST /readings)"),
            ("a foreign Host", Self.post(page, origin: page.origin, host: "evil.example", body: body), 403, "a foreign Host (POST /readings)"),
            ("an unknown path", Self.post(page, path: "/other", origin: page.origin, body: body), 404, "an unknown path (POST)"),
            ("a foreign Origin on a file", "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(page.port)\r\nOrigin: https://evil.example\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)",
             403, "a foreign Origin (GET /)"),
        ]
        for c in cases {
            let a = try page.probe(["do": "raw", "data": c.data])
            #expect(a["status"] as? Int == c.status, "\(c.name): \(a)")
            // The answer names the request it refused, and the connection ends with it
            // (the body it carried is never read as a request of its own).
            #expect((a["body"] as? String)?.contains(c.why) == true, "\(c.name): \(a)")
            #expect(a["closed"] as? Bool == true, "\(c.name)")
            #expect(page.server.counts.refused[c.why] != nil, "\(c.name): \(page.server.counts.refused)")
        }
        #expect(page.events().isEmpty, "nothing reached the app")
        let real = try page.probe(["do": "socket", "origin": page.origin, "send": ["hello,\(token)"]])
        #expect((real["replies"] as? [String])?.first?.hasPrefix("welcome,") == true, "the seat is still the real page's: \(real)")
        #expect(page.server.counts.refused["a code already used by another phone"] == nil)
    }

    @Test("a refused POST with the key admits nothing either: no reading, no joined")
    func refusedPostWithKey() throws {
        let page = try ServedPage()
        let token = page.seats[0].token
        let first = try page.probe(["do": "post", "path": "/readings", "origin": page.origin, "body": "hello,\(token)\n"])
        let key = (first["body"] as? String ?? "").split(separator: "\n").first?.split(separator: ",").dropFirst().first.map(String.init) ?? ""
        #expect(!key.isEmpty)
        _ = page.events()
        let a = try page.probe(["do": "raw", "data": Self.post(page, origin: "https://evil.example", body: "back,\(key)\n\(readingLine(time: 5))\n")])
        #expect(a["status"] as? Int == 403)
        #expect(page.events().isEmpty)
    }

    @Test("requests pipelined behind another (no browser does) never stall the server: it still answers, and the seat is still free")
    func pipelined() throws {
        let page = try ServedPage()
        let token = page.seats[0].token
        let wrong = Self.post(page, origin: page.origin, body: "hello,\(PairingToken.random())\n")
        let foreign = Self.post(page, origin: "https://evil.example", body: "hello,\(token)\n")
        let get = "GET /icon.svg HTTP/1.1\r\nHost: 127.0.0.1:\(page.port)\r\n\r\n"
        for (name, data) in [("a GET, then a POST", get + wrong), ("a GET, then a foreign POST", get + foreign),
                             ("two POSTs", wrong + wrong), ("a POST, then a foreign POST", wrong + foreign), ("a POST, then a GET", wrong + get)] {
            let a = try page.probe(["do": "raw", "data": data])
            #expect([200, 403].contains(a["status"] as? Int ?? 0), "\(name): \(a)")
            let after = try page.probe(["do": "get", "path": "/icon.svg"])
            #expect(after["status"] as? Int == 200, "after \(name): \(after)")
        }
        let real = try page.probe(["do": "post", "path": "/readings", "origin": page.origin, "body": "hello,\(token)\n"])
        #expect((real["body"] as? String)?.hasPrefix("welcome,") == true, "\(real)")
    }

    @Test("one rate per seat: a page's POSTs share it with each other and with its socket")
    func oneRatePerSeat() throws {
        let page = try ServedPage()
        let token = page.seats[0].token
        let first = try page.probe(["do": "post", "path": "/readings", "origin": page.origin, "body": "hello,\(token)\n"])
        let key = (first["body"] as? String ?? "").split(separator: "\n").first?.split(separator: ",").dropFirst().first.map(String.init) ?? ""
        var t = 0.0
        func batch(_ n: Int) -> [String] { (0..<n).map { _ in t += 1; return readingLine(time: t) } }
        // Eight POSTs of 200 readings on one connection, then the seat's socket with 300 more:
        // 1,900 within a second or so, where the rate lets 400 and 200 a second through.
        let bodies = (0..<8).map { _ in (["back,\(key)"] + batch(200)).joined(separator: "\n") + "\n" }
        let posts = try page.probe(["do": "posts", "origin": page.origin, "bodies": bodies])
        let statuses = (posts["answers"] as? [[String: Any]] ?? []).map { $0["status"] as? Int ?? 0 }
        #expect(statuses == Array(repeating: 200, count: 8), "\(posts)")
        _ = try page.probe(["do": "socket", "origin": page.origin, "send": ["back,\(key)"] + batch(300), "wait": 0.3])
        let n = page.events().filter { if case .reading = $0 { true } else { false } }.count
        #expect(n >= 400 && n < 1_000, "\(n) readings of 1,900 passed")
        #expect((page.server.counts.dropped["over the rate"] ?? 0) > 0)
    }

    @Test("a flood of strangers' bad requests and idle sockets keeps no paired phone out: its socket and POSTs are served")
    func floodKeepsNoPhoneOut() throws {
        let page = try ServedPage(seats: 3)
        let (socketSeat, postSeat, freeSeat) = (page.seats[0].token, page.seats[1].token, page.seats[2].token)
        func key(of reply: String?) -> String { reply?.split(separator: ",").dropFirst().first.map(String.init) ?? "" }
        let paired = try page.probe(["do": "socket", "origin": page.origin, "send": ["hello,\(socketSeat)"], "wait": 0.3])
        let socketKey = key(of: (paired["replies"] as? [String])?.first)
        let posted = try page.probe(["do": "post", "path": "/readings", "origin": page.origin, "body": "hello,\(postSeat)\n"])
        let postKey = key(of: (posted["body"] as? String)?.split(separator: "\n").first.map(String.init))
        #expect(!socketKey.isEmpty && !postKey.isEmpty)
        _ = page.events()

        // Strangers: twenty sockets that never say hello (more than the server holds), and
        // up to sixty bad requests a second (from six threads) showing the free seat's token, for four seconds.
        let strangers = page.probeMeanwhile(["do": "strangers", "origin": page.origin, "token": "\(freeSeat)",
                                             "sockets": 20, "rate": 60, "threads": 6, "seconds": 4])
        Thread.sleep(forTimeInterval: 1.5)
        // The socket page comes back (a new socket, as after a drop) and sends 60 readings;
        // the POST page sends ten batches of five meanwhile.
        let socketPhone = page.probeMeanwhile(["do": "socket", "origin": page.origin, "pace": 0.02, "wait": 0.5,
                                               "send": ["back,\(socketKey)"] + (1...60).map { readingLine(time: Double($0)) }])
        let bodies = (0..<10).map { b in (["back,\(postKey)"] + (1...5).map { readingLine(time: Double(1000 + b * 5 + $0)) }).joined(separator: "\n") + "\n" }
        let postPhone = try page.probe(["do": "posts", "origin": page.origin, "bodies": bodies, "pace": 0.1])
        let back = socketPhone()
        let flood = strangers()

        #expect((back["replies"] as? [String])?.first?.hasPrefix("welcome,") == true, "the socket page is back: \(back)")
        let statuses = (postPhone["answers"] as? [[String: Any]] ?? []).map { $0["status"] as? Int ?? 0 }
        #expect(statuses == Array(repeating: 200, count: 10), "\(postPhone)")
        let events = page.events()
        let socketReadings = events.filter { if case .reading(socketSeat, _, _) = $0 { true } else { false } }.count
        let postReadings = events.filter { if case .reading(postSeat, _, _) = $0 { true } else { false } }.count
        #expect(socketReadings == 60 && postReadings == 50, "\(socketReadings) and \(postReadings) readings; strangers: \(flood)")
        let got = flood["got"] as? [String: [String: Int]] ?? [:]
        // Each stranger's request was refused as it should be (and none was left unanswered).
        let wanted = ["foreign Origin": "403", "unknown path": "404", "foreign Host": "403", "wrong token": "403", "idle socket": "opened"]
        for (kind, answers) in got { #expect(Array(answers.keys) == [wanted[kind] ?? "?"], "\(kind): \(answers)") }
        #expect(flood["sent"] as? Int ?? 0 >= 30, "\(flood)")
        #expect(got["idle socket"]?["opened"] == 20, "\(flood)")
        #expect(!events.contains { if case .joined(freeSeat) = $0 { true } else { false } })
        // The free seat's token was shown in every bad request, and is still its page's.
        let real = try page.probe(["do": "socket", "origin": page.origin, "send": ["hello,\(freeSeat)"]])
        #expect((real["replies"] as? [String])?.first?.hasPrefix("welcome,") == true, "\(real)")
    }
}

extension ServedPage {
    /// A probe started on another thread; the function returned waits for its answer.
    func probeMeanwhile(_ request: [String: Any]) -> () -> [String: Any] {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer: [String: Any] = [:]
        nonisolated(unsafe) let request = request
        DispatchQueue.global().async {
            answer = (try? self.probe(request)) ?? ["error": "the probe did not run"]
            done.signal()
        }
        return {
            done.wait()
            return answer
        }
    }
}
