import ArgumentParser
import Foundation
import MarbleApp
import MarbleKit
import MarblePhonePage

/// `marble record --phone-page`: the phone page served, one seat offered, its readings logged.
extension RecordCommand {
    func recordPage(at address: PhonePageAddress) throws {
        let server: PhonePageServer
        do throws(PhonePageProblem) { server = try PhonePageServer.start(address, storeRoot: UserFolders.current.store, io: Environment.live().io) } catch {
            complain("\(error)")
            throw Exit.unavailable
        }
        defer { server.stop() }
        let seat = PhonePageSeat(token: .random(), player: 0, color: PlayerColors.color(of: 0))
        server.offer([seat])
        printError("phone page: \(server.address.url(token: seat.token))")
        printError("  open it on the phone (same network), accept the certificate warning, tap Start")
        printError("  certificate SHA-256: \(server.fingerprint)")
        Signals.install()
        var recorder = PageRecorder()
        var samples: [Sample] = []
        var first: Double?
        let start = POSIX.monotonicSeconds()
        reading: while Signals.caught == 0 {
            if first == nil && POSIX.monotonicSeconds() - start >= wait { break }
            for event in server.drain(limit: 4096) {
                guard case .reading(_, let r, let arrival) = event else { continue }
                if first == nil { first = arrival }
                if let first, arrival - first > seconds { break reading }
                samples.append(recorder.sample(r, arrival: arrival))
            }
            if let first, POSIX.monotonicSeconds() - first >= seconds { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        printError(Self.pageSummary(server.counts, samples: samples.count))
        guard !samples.isEmpty else {
            complain("no phone opened the page within \(String(format: "%g", wait)) s: check that the phone is on the same network as this computer and can open \(server.address.origin) (a school's Wi-Fi may keep devices apart: try the computer's own hotspot)")
            throw Exit.unavailable
        }
        let log = MarbleLog(metadata: [.init("title", "Recorded from a phone's browser"),
                                       .init("source", "phone page \(server.address)")],
                            samples: samples)
        try writeOutput(Array(log.text().utf8), to: output, io: Environment.live().io)
        print("Wrote \(output) (\(samples.count) rows)")
        if Signals.caught != 0 { throw ExitCode(128 + Signals.caught) }
    }

    /// One line for stderr: readings used, and what was refused or dropped and why.
    static func pageSummary(_ c: PhonePageCounts, samples: Int) -> String {
        func list(_ d: [String: Int]) -> String { d.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: ", ") }
        var line = "record: phone page: \(samples) readings"
        line += c.dropped.isEmpty ? ", none dropped" : ", dropped \(list(c.dropped))"
        if !c.refused.isEmpty { line += "; refused \(list(c.refused))" }
        if Signals.caught != 0 { line += "; stopped by \(Signals.name), keeping what came" }
        return line
    }
}
