import Foundation
import MarbleKit
import MarblePhonePage
import MarbleTestSupport

/// A phone page server on 127.0.0.1 for one test, with its certificate in a folder of its own,
/// and `Tests/Tools/phone_page_probe.py` to ask it things as a browser or an attacker would.
final class ServedPage: @unchecked Sendable {
    let folder: TempFolder
    let server: PhonePageServer
    let seats: [PhonePageSeat]

    init(seats count: Int = 2) throws {
        folder = try TempFolder("phone-page")
        server = try PhonePageServer.start(PhonePageAddress(host: "127.0.0.1", port: 0), storeRoot: folder.path, io: .system)
        seats = (0..<count).map { PhonePageSeat(token: .random(), player: $0, color: PlayerColors.color(of: $0)) }
        server.offer(seats)
    }

    deinit { server.stop() }

    var port: Int { Int(server.address.port) }
    var origin: String { server.address.origin }

    /// One probe: the request as JSON in, the answer as JSON out.
    func probe(_ request: [String: Any]) throws -> [String: Any] {
        var r = request
        r["port"] = port
        let data = try JSONSerialization.data(withJSONObject: r)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", Repository.root.appendingPathComponent("Tests/Tools/phone_page_probe.py").path,
                       String(decoding: data, as: UTF8.self)]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let bytes = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (try JSONSerialization.jsonObject(with: bytes)) as? [String: Any] ?? ["error": "no answer"]
    }

    /// A socket probe started on another thread (it holds its socket open `wait` seconds while
    /// the test talks to the server); the function returned waits for its answer.
    func socketMeanwhile(sending lines: [String], wait: Double) -> () -> [String: Any] {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer: [String: Any] = [:]
        DispatchQueue.global().async {
            answer = (try? self.probe(["do": "socket", "origin": self.origin, "send": lines, "wait": wait])) ?? [:]
            done.signal()
        }
        return {
            done.wait()
            return answer
        }
    }

    /// Every event the server handed over within `seconds`.
    func events(within seconds: Double = 0.5) -> [PhonePageEvent] {
        let end = Date().addingTimeInterval(seconds)
        var all: [PhonePageEvent] = []
        repeat {
            all += server.drain(limit: 10_000)
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < end
        return all + server.drain(limit: 10_000)
    }
}

/// A reading line as the page sends it.
func readingLine(time: Double, gravity: (Double, Double, Double) = (0, 0, 9.8), heading: Double? = nil, buttons: Int = 0) -> String {
    "r,\(time),\(gravity.0),\(gravity.1),\(gravity.2),0,0,0,\(heading.map { String($0) } ?? ""),\(buttons)"
}
