import Foundation
import MarbleClass
import MarbleKit
import MarblePNG

/// The frame while hand-ins go to the class folder against the frame without, in the same run
/// (issue 32: handing in never costs a frame; during an upload at most 1.1×).
///
/// The same measurement as `MarblesFrameBench` (one marble, fake physics, full tilt, saved as
/// the window saves, presented in a hidden 1280×800 window; blocks of 100 frames taking turns).
/// During the second drawing's blocks a background thread uploads files one after another
/// (the network alone: WebDAV `create`); during the third's it hands in without pause, as the
/// window's hand-in and courier threads do: the picture encoded and kept in an outbox
/// (fsyncs), then sent by `ClassCourier` over libcurl to a real Apache mod_dav on 127.0.0.1
/// (`Tests/Tools/webdav_server.py`, niced: in a school the server is another machine). The
/// hand-in threads run as SCHED_IDLE, as the window's do.
enum ClassFrameBench {
    /// A background loop of hand-ins, on while `on` is set.
    final class Uploader: @unchecked Sendable {
        private let lock = NSLock()
        /// What the thread does: nothing, send one file after another (the network alone), or
        /// hand in after hand-in (the picture encoded and kept in the outbox, then sent).
        enum Mode { case idle, upload, handIn }
        private var mode = Mode.idle, stop = false
        private(set) var handIns = 0, bytes = 0, uploads = 0, uploaded = 0, failures: [String] = []
        let outbox: Outbox
        let connection: ClassConnection
        let parts: Outbox.Parts

        init(outbox: Outbox, connection: ClassConnection, parts: Outbox.Parts) {
            self.outbox = outbox
            self.connection = connection
            self.parts = parts
        }

        func set(_ value: Mode) { lock.withLock { mode = value } }
        func finish() { lock.withLock { stop = true } }
        var counts: (handIns: Int, bytes: Int, uploads: Int, uploaded: Int, failures: [String]) {
            lock.withLock { (handIns, bytes, uploads, uploaded, failures) }
        }

        func run() {
            // As the window's courier and hand-in threads (CourierThread, ClassJob).
            POSIX.makeThisThreadIdle()
            while true {
                let (now, done) = lock.withLock { (mode, stop) }
                if done { return }
                if now == .idle { usleep(2_000); continue }
                do {
                    switch now {
                    case .idle: break
                    case .upload:
                        let name = "Ada/send-\(UInt64.random(in: 0...UInt64.max)).csv"
                        _ = try connection.transport().create(name, bytes: Array(parts.log.utf8) + Array(parts.log.utf8))
                        lock.withLock { uploads += 1; uploaded += parts.log.utf8.count * 2 }
                    case .handIn:
                        let h = try outbox.add(parts, child: "Ada", folder: "Ada")
                        let round = ClassCourier(outbox: outbox, connection: connection).sendWaiting(force: true)
                        lock.withLock {
                            handIns += round.delivered.count
                            bytes += h.files.reduce(0) { $0 + $1.size }
                            failures += round.failed.map { "\($0.problem)" }
                        }
                    }
                } catch {
                    lock.withLock { failures.append("\(error)") }
                }
            }
        }
    }

    static func run(frames: Int, warmup: Int, seed: UInt64, repo: String, into report: inout Report) throws {
        let server = try BenchWebDAV(script: repo + "/Tests/Tools/webdav_server.py")
        defer { server.stop() }
        let bench = try MarblesFrameBench()
        defer { bench.cleanUp() }
        print("class: a new drawing of one marble in a hidden \(FrameBench.width)×\(FrameBench.height) window, quiet and while a "
            + "background thread hands in without pause (outbox, then WebDAV to Apache on 127.0.0.1:\(server.port)); "
            + "\(frames) frames after \(warmup), started at 60 Hz, taking turns in blocks of 100")
        let quiet = try bench.newDrawing(marbles: 1, seed: seed)
        let uploading = try bench.newDrawing(marbles: 1, seed: seed)
        let busy = try bench.newDrawing(marbles: 1, seed: seed)
        // What a child hands in: a drawing of a shipped log, its picture and its log.
        let env = Environment(clock: Environment.systemClock, monotonic: Environment.system.monotonic, io: .system,
                              encodePicture: { bytes, w, h in try PNGImage.encode(rgba: bytes, width: w, height: h) })
        let source = try bench.store.create(configuration: StoreBench.configuration, title: "hand-in", policy: .standard)
        var walk = TiltWalk(seed: seed &+ 99, penLiftEvery: 60)
        for _ in 0..<6_000 { try source.feed([walk.next()]) }
        try source.close()
        let drawn = try bench.store.open(source.id)
        let parts = Outbox.Parts(drawing: drawn.id, title: drawn.title, picture: try drawn.pictureToShare(),
                                 log: try bench.store.inputLog(of: drawn.id).text(), timelapse: nil)
        try drawn.close()
        let setup = try ClassSetup(url: server.url, user: BenchWebDAV.user, names: ["Ada"])
        let connection = ClassConnection(setup: setup, password: BenchWebDAV.password) { address, c throws(ClassProblem) in
            try WebDAVTransport(address, user: c.user, password: c.password, nickname: c.nickname)
        }
        let uploader = Uploader(outbox: Outbox(storeRoot: bench.root + "/sender", environment: env), connection: connection, parts: parts)
        let thread = Thread { uploader.run() }
        thread.start()
        defer { uploader.finish() }
        try bench.measure([quiet, uploading, busy], frames: frames, warmup: warmup,
                          onBlock: { uploader.set([.idle, .upload, .handIn][$0]) })
        uploader.set(.idle)
        let a = FrameStats(quiet.frames), u = FrameStats(uploading.frames), b = FrameStats(busy.frames)
        let c = uploader.counts
        print("Session frame, quiet: \(a.text(quiet.frames.count))")
        print("Session frame, uploading: \(u.text(uploading.frames.count)); \(c.uploads) files of \(parts.log.utf8.count * 2 / 1024) KB sent one after another")
        print("  ratio \(String(format: "%.2f", u.p99 / a.p99)) p99 (goal ≤ 1.1), \(String(format: "%.2f", u.median / a.median)) median")
        print("Session frame, handing in without pause: \(b.text(busy.frames.count)); \(c.handIns) hand-ins kept and sent (\(c.bytes / 1024) KB)"
            + (c.failures.isEmpty ? "" : "; \(c.failures.count) failed, first: \(c.failures[0])"))
        print("  ratio \(String(format: "%.2f", b.p99 / a.p99)) p99 (a stress: a class hands in a few drawings an hour), "
            + "\(String(format: "%.2f", b.median / a.median)) median")
        report.add("frame_ms_p99_session_quiet", a.p99 * 1000, digits: 3)
        report.add("frame_ms_p99_session_uploading", u.p99 * 1000, digits: 3)
        report.add("frame_ms_ratio_uploading_vs_quiet", u.p99 / a.p99, digits: 2)
        report.add("frame_ms_p99_session_handing_in_nonstop", b.p99 * 1000, digits: 3)
        report.add("frame_ms_ratio_handing_in_nonstop_vs_quiet", b.p99 / a.p99, digits: 2)
        report.add("class_hand_ins_during_frames", c.handIns)
    }
}

/// Apache with mod_dav on 127.0.0.1, by the tests' script, for as long as the bench runs.
final class BenchWebDAV {
    static let user = "teacher", password = "secret"
    let process = Process()
    let input = Pipe()
    let folder: String
    private(set) var port = 0
    var url: String { "http://127.0.0.1:\(port)/class/bench/" }

    init(script: String) throws {
        folder = NSTemporaryDirectory() + "marble-bench-dav-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The server is another machine in a school: here its work is niced, so the measurement
        // is of what marble's own threads cost the frame.
        process.arguments = ["nice", "-n", "19", "python3", script, "--dir", folder + "/dav", "--user", Self.user, "--password", Self.password]
        let out = Pipe()
        process.standardInput = input
        process.standardOutput = out
        try process.run()
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        guard let data = line.data(using: .utf8), let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let p = json["port"] as? Int else {
            process.terminate()
            throw StoreBench.Mismatch(description: "class: Apache did not start (make bench-deps installs apache2): \(line)")
        }
        port = p
        let share = folder + "/dav/www/class/bench"
        try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: share)
        try FileManager.default.createDirectory(atPath: share + "/Ada", withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: share + "/Ada")
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
