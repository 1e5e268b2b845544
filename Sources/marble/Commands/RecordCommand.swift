import ArgumentParser
import MarbleApp
import MarbleKit

/// `marble record`: a phone or handheld's motion, over DSU or from a phone's browser page, to a
/// marble log.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a phone or handheld's motion (a DSU server, or a phone's browser) to a marble log.",
        discussion: """
            Asks the DSU server at HOST[:PORT] (port 26760 unless given) for one slot's pad
            data once a second and writes one row per report: t by the server's motion
            timestamp (a silence keeps its real length; where the server's clock restarts or
            jumps, by the reports' arrivals instead), tilt and heading from the tracking the
            window uses (flat is level, the heading starts at 0), the pen lifted while the
            cross (south) button is held. The calibration kept for that address (Settings,
            Phone) is used. Ctrl+C stops early and keeps what came.

            With --phone-page it serves the phone page instead (HTTPS on this machine's LAN
            address, port 26780 unless given) and prints only the one address it waits for,
            with its one-time code, on stderr (the code opens the one seat offered, once): open
            it on the phone, accept the certificate warning once, tap Start. It
            waits up to --wait seconds for the phone, then records --seconds from its first
            reading: t by the page's clock (a silence keeps its length), tilt as above (the
            page's axes need no calibration), the heading from the phone's compass where the
            browser gives one (else its gyroscope), starting at 0; the pen lifted while the
            page's pen button is held.

            Examples:
              marble record --motion 192.168.1.20 --seconds 30 -o phone.csv
              marble record --phone-page --seconds 30 -o phone.csv
              marble replay phone.csv --png phone.png

            Exit codes: 0 ok, 64 usage, 69 no answer within 5 s (no phone within --wait),
            73 cannot write the log, 128 + the signal when stopped early (the log is written).
            """
    )

    @Option(help: ArgumentHelp("The DSU server (a phone app, SteamDeckGyroDSU, DS4Windows).", valueName: "HOST[:PORT]"))
    var motion: String?

    @Option(name: .customLong("phone-page"),
            help: ArgumentHelp("Serve the phone page at HOST[:PORT] (default: this machine's LAN address, port 26780; port 0 a free one), print the one address (with its one-time code) it waits for, and record the phone that opens it.",
                               valueName: "[HOST][:PORT]"))
    var phonePage: String?

    @Option(help: ArgumentHelp("With --phone-page: how long to wait for the phone, in seconds.", valueName: "W"))
    var wait: Double = 60

    @Option(help: "The server's slot (0 to 3): which of its pads.")
    var slot: UInt8 = 0

    @Option(help: ArgumentHelp("How long to record, in seconds.", valueName: "S"))
    var seconds: Double

    @Option(name: .shortAndLong, help: ArgumentHelp("The marble log to write.", valueName: "OUT.csv"))
    var output: String

    func validate() throws {
        guard (motion == nil) != (phonePage == nil) else { throw ValidationError("Give one of --motion HOST[:PORT] or --phone-page [HOST][:PORT].") }
        if let motion { _ = try motionAddress(motion) }
        if let phonePage { _ = try phonePageAddress(phonePage) }
        guard wait.isFinite, wait > 0, wait <= 3600 else { throw ValidationError("--wait must be a number of seconds above 0 (at most an hour).") }
        guard slot <= 3 else { throw ValidationError("--slot must be 0, 1, 2 or 3.") }
        guard seconds.isFinite, seconds > 0, seconds <= 24 * 3600 else {
            throw ValidationError("--seconds must be a number of seconds above 0 (at most a day).")
        }
    }

    func run() throws {
        if let phonePage { return try recordPage(at: try phonePageAddress(phonePage)) }
        let address = try motionAddress(motion ?? "")
        let socket: DSUSocket
        do throws(DSUSocket.OpenError) { socket = try DSUSocket(address: address) } catch {
            complain("\(error)")
            throw Exit.unavailable
        }
        let kept = Environment.live().settings.load().settings
        var recording = Recording(session: DSUSession(slot: slot, senderID: UInt32.random(in: 1...UInt32.max)),
                                  recorder: MotionRecorder(calibration: kept.motionCalibrations[address] ?? .identity))
        Signals.install()
        let start = POSIX.monotonicSeconds()
        while Signals.caught == 0 {
            let now = POSIX.monotonicSeconds()
            if recording.samples.isEmpty && now - start >= DSU.serverTimeout { break }
            if let first = recording.firstArrival, now - first >= seconds { break }
            if let request = recording.session.requestDue(now: now) { socket.send(request) }
            _ = socket.wait(seconds: 0.05)
            socket.drain(limit: MotionPort.perFrame) { recording.take($0, at: POSIX.monotonicSeconds()) }
        }
        printError(recording.summary(address: address, slot: slot))
        guard !recording.samples.isEmpty else {
            complain("no answer from \(address.withPort) in \(Int(DSU.serverTimeout)) s: check that the server app is running and shows this address and port, that both devices are on the same network, and that the server listens on the network (not only 127.0.0.1)")
            throw Exit.unavailable
        }
        let log = MarbleLog(metadata: [.init("title", "Recorded from \(address)"),
                                       .init("source", "DSU \(address.withPort) slot \(slot)")],
                            samples: recording.samples)
        try writeOutput(Array(log.text().utf8), to: output, io: Environment.live().io)
        print("Wrote \(output) (\(recording.samples.count) rows)")
        // Stopped by a signal: what came is kept, and the exit says why it ended early.
        if Signals.caught != 0 { throw ExitCode(128 + Signals.caught) }
    }
}

/// What `record` has so far: the session, the samples, and when the first report came.
struct Recording {
    var session: DSUSession
    var recorder: MotionRecorder
    var samples: [Sample] = []
    var firstArrival: Double?

    mutating func take(_ bytes: UnsafeRawBufferPointer, at now: Double) {
        guard case .padData(let p) = session.receive(bytes, at: now) else { return }
        if firstArrival == nil { firstArrival = now }
        samples.append(recorder.sample(p, arrival: now))
    }

    /// One line for stderr: accepted, ignored and why, gaps.
    func summary(address: DSUAddress, slot: UInt8) -> String {
        let c = session.counts
        var line = "record: \(address.withPort) slot \(slot): \(c.accepted) reports accepted"
        if c.totalIgnored > 0 {
            let why = c.ignored.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            line += ", \(c.totalIgnored) ignored (\(why))"
        } else {
            line += ", none ignored"
        }
        if c.otherMessages > 0 { line += ", \(c.otherMessages) other messages" }
        line += c.gaps == 0 ? ", no gaps" : ", \(c.gaps) gaps (longest \(String(format: "%.2f", c.longestGap)) s)"
        if Signals.caught != 0 { line += "; stopped by \(Signals.name), keeping what came" }
        return line
    }
}
