import Foundation
import MarbleApp
import MarbleKit
import MarblePhonePage
import MarbleSDL

/// The phone page in the window: from a reading's stamp on the page to the first frame that
/// shows it, the frame time while a page streams against while it is silent, and the frame
/// time while a flood of bad connections hits the page's port.
///
/// The real `App` drawing on an `SDLPlatform` (dummy video, software renderer, 1280×800,
/// hidden), frames on a 60 Hz grid as in the window, an arrow key held throughout (right,
/// down, left, up, 40 frames each, as FrameBench) so the ball paints in every block whatever
/// the page does; the app serves the page (`App.servePhonePage(at:)`, 127.0.0.1, port 0) with
/// the real `PhonePageServer` (libwebsockets, TLS, its own thread), and a headless Chromium
/// (`Tests/Tools/phone_bench_driver.py`) opens player 1's address, taps Start and streams, its
/// sensors changed every 50 ms.
///
/// The latency's clocks: the page stamps a reading with `performance.now()` (ms since its
/// `performance.timeOrigin`); the frame's present end is read on CLOCK_REALTIME. The page's
/// stamp on the wall clock is `timeOrigin + time`. Chromium coarsens both (not cross-origin
/// isolated: 100 µs steps with jitter; the driver measures the step and prints it), and
/// Chromium's `timeOrigin` is its own wall clock at navigation, taken apart from its monotonic
/// clock: the driver measures that offset against CLOCK_REALTIME (`timeOrigin + now()` read
/// over DevTools, the round trip's middle, best of 20) and the bench prints it. Both are well
/// under a millisecond (measured: see the printed `offset … ± RTT/2`), so the latency is good
/// to about ±0.5 ms; it is not corrected by the offset, which is printed for the reader.
final class PageBench {
    /// Bad connection attempts a second in the flood blocks.
    static let floodRate = 1000.0

    let root: String
    let store: DrawingStateStore
    let window: SDLPlatform
    let served: ServedBox

    /// The server the app started (captured from the starter), for its counts.
    final class ServedBox: @unchecked Sendable {
        let lock = NSLock()
        var server: PhonePageServer?
    }

    init() throws {
        root = BenchWindow.scratch("page")
        let box = ServedBox()
        served = box
        let storeRoot = root
        let serve: PhonePageStarter = { address throws(PhonePageProblem) in
            let s = try PhonePageServer.start(address, storeRoot: storeRoot, io: Environment.system.io)
            box.lock.withLock { box.server = s }
            return s
        }
        var environment = Environment.system
        environment.servePhonePage = serve
        store = try DrawingStateStore(root: root, environment: environment)
        window = try BenchWindow.open("page", servePhonePage: serve)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Why the measurement could not run (no Chromium, no websocket-client, no driver script).
    struct Skipped: Error, CustomStringConvertible { var description: String }

    struct Result {
        /// Reading stamp to the present end of the frame that delivered it, s: streaming blocks
        /// (the page's streaming turns) and the quiet blocks of the flood's turns.
        var latencies: [Double] = []
        /// The same during the flood blocks (for information).
        var latenciesFlooded: [Double] = []
        /// For information: a reading's stamp to its arrival on the server's thread (Chromium,
        /// the WebSocket over TLS, libwebsockets), s, in the latency's frames.
        var transport: [Double] = []
        var streaming: [Double] = []
        var paused: [Double] = []
        var quiet: [Double] = []
        var flooded: [Double] = []
        var cpuStreaming: [Double] = []
        var cpuPaused: [Double] = []
        var cpuQuiet: [Double] = []
        var cpuFlooded: [Double] = []
        /// Involuntary context switches of the frame's thread during the timed frames:
        /// streaming, paused, quiet, flooded (the frame taken off its core by another thread).
        var preempted = [0, 0, 0, 0]
        /// Segments painted in the streaming and the paused blocks, and their frames.
        var segmentsStreaming = 0, segmentsPaused = 0
        var readingsStreaming = 0, readingsPaused = 0
        var floodAttempts = 0
        var floodSeconds = 0.0
        var floodConnected = 0
        var refused: [String: Int] = [:]
        var readingsHandedOver = 0
        var resolutionMS = Double.nan
        var offsetMS = Double.nan
        var offsetRTTMS = Double.nan
        /// Chromium's CPU (all its processes) and the driver's over the timed blocks, in cores.
        var chromiumCores = Double.nan
        var driverCores = Double.nan
        var url = ""
    }

    /// `frames` timed frames of each kind: streaming and paused in alternating blocks of 100,
    /// then quiet and flooded (the page streaming in both), in alternating blocks of 100.
    func run(frames: Int, driverScript: String) throws -> Result {
        let logged = LogBox()
        let app = App(store: store, exportFolder: root + "/exports", log: { logged.add($0) })
        // As `marble play --new --phone-page 127.0.0.1:0`: the page first, then the drawing.
        app.servePhonePage(at: PhonePageAddress(host: "127.0.0.1", port: 0))
        app.startNew(mode: .fake, difficulty: .normal)
        let platform = PageTappedPlatform(window)
        var result = Result()
        let period = 1 / FrameBench.rate
        var next = BenchDSUServer.now()
        var k = 0
        var held: Key?
        /// CLOCK_REALTIME − CLOCK_MONOTONIC now (for the server's arrival times).
        let monotonicToWall = PageBench.wallClock() - BenchDSUServer.now()
        /// One frame: its wall time, its thread CPU time, and the latencies of the readings it
        /// showed (their stamps on the page's clock, `origin` its timeOrigin, to its present end).
        func frame(origin: Double = .nan) -> (seconds: Double, cpu: Double, preempted: Int, latencies: [Double], transport: [Double]) {
            let switches = PageBench.involuntarySwitches()
            let cpu = StoreBench.threadCPU()
            let t0 = BenchDSUServer.now()
            // The key changes arrive as the platform's events would, at the start of the frame.
            FrameBench.turnKey(frame: k, app, held: &held)
            FrameLoop.frame(app, on: platform)
            let t1 = BenchDSUServer.now()
            let wall = PageBench.wallClock()
            let used = StoreBench.threadCPU() - cpu
            let preempted = PageBench.involuntarySwitches() - switches
            k += 1
            let latencies = origin.isFinite ? platform.delivered.map { wall - (origin + $0) / 1000 } : []
            let transport = origin.isFinite ? zip(platform.delivered, platform.arrivals).map { $1 + monotonicToWall - (origin + $0) / 1000 } : []
            platform.delivered.removeAll(keepingCapacity: true)
            platform.arrivals.removeAll(keepingCapacity: true)
            next += period
            let wait = next - BenchDSUServer.now()
            if wait > 0 { usleep(useconds_t(wait * 1e6)) } else { next = BenchDSUServer.now() }
            return (t1 - t0, used, preempted, latencies, transport)
        }

        // A new phase of the 60 Hz grid before each block: the page's devicemotion events come
        // every 1/60 s of this machine's clock too, so on a fixed grid every reading would
        // wait the same for its frame, a chance of where Chromium's timer started. A phone's
        // sensors and a display keep clocks of their own, whose phase drifts through every
        // value; so each block starts a fraction of a period later, the fractions spread evenly
        // over [0, 1) (k × the golden ratio, mod 1), as the DSU stream's 250 Hz covers them.
        var blocks = 0
        func shiftPhase() {
            blocks += 1
            next += (Double(blocks) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1) * period
        }

        // Until the app says where player 1's page is.
        var url: String?
        for _ in 0..<600 where url == nil {
            _ = frame()
            url = logged.url(player: 1)
        }
        guard let url else {
            throw StoreBench.Mismatch(description: "page: the app printed no page address: \(logged.lines)")
        }
        result.url = url
        let driver = try PageDriver(script: driverScript, url: url)
        defer { driver.quit() }
        // The driver starts Chromium (seconds): frames go on meanwhile, as in the window.
        var origin = Double.nan
        while true {
            guard let line = driver.line(timeout: 0) else {
                if driver.finished { throw Skipped(description: "the driver stopped: \(driver.tail)") }
                _ = frame()
                continue
            }
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case "error": throw Skipped(description: words.dropFirst().joined(separator: " "))
            case "resolution": result.resolutionMS = Double(words[1]) ?? .nan
            case "origin": origin = Double(words[1]) ?? .nan
            case "offset": result.offsetMS = Double(words[1]) ?? .nan; result.offsetRTTMS = Double(words[2]) ?? .nan
            default: break
            }
            if words.first == "ready" { break }
        }
        guard origin.isFinite else { throw StoreBench.Mismatch(description: "page: the driver gave no timeOrigin") }
        // A second of settling, the page streaming.
        for _ in 0..<60 { _ = frame() }
        guard platform.readings > 0 else {
            throw StoreBench.Mismatch(description: "page: Chromium says it sends, but no reading reached the app")
        }
        let cpu0 = driver.cpu(), started = BenchDSUServer.now()

        // Streaming and paused, in turns.
        var left = frames, pausedFirst = false
        while left > 0 {
            let n = min(100, left)
            for pass in 0..<2 {
                let paused = pass == 0 ? pausedFirst : !pausedFirst
                driver.command(paused ? "pause" : "resume")
                shiftPhase()
                for _ in 0..<10 { _ = frame() }
                let segments = app.drawing?.session.segmentCount ?? 0, readings = platform.readings
                for _ in 0..<n {
                    let f = frame(origin: origin)
                    if paused {
                        result.paused.append(f.seconds); result.cpuPaused.append(f.cpu); result.preempted[1] += f.preempted
                    } else {
                        result.streaming.append(f.seconds); result.cpuStreaming.append(f.cpu); result.preempted[0] += f.preempted
                    }
                    // A paused block's few readings, sent before the script stopped, count
                    // too (the settling frames' do not).
                    result.latencies += f.latencies
                    result.transport += f.transport
                }
                let painted = (app.drawing?.session.segmentCount ?? 0) - segments, heard = platform.readings - readings
                if paused { result.segmentsPaused += painted; result.readingsPaused += heard } else {
                    result.segmentsStreaming += painted; result.readingsStreaming += heard
                }
            }
            pausedFirst.toggle()
            left -= n
        }
        driver.command("resume")
        let cpu1 = driver.cpu(), elapsed = BenchDSUServer.now() - started
        if let a = cpu0, let b = cpu1 {
            result.chromiumCores = (b.chromium - a.chromium) / elapsed
            result.driverCores = (b.driver - a.driver) / elapsed
        }

        // Quiet and flooded, the page streaming in both.
        guard let port = served.lock.withLock({ served.server?.address.port }) else {
            throw StoreBench.Mismatch(description: "page: no server")
        }
        let flood = ConnectionFlood(port: port)
        left = frames
        var flooding = false
        while left > 0 {
            let n = min(100, left)
            for pass in 0..<2 {
                let flooded = pass == 0 ? flooding : !flooding
                if flooded { flood.start(rate: Self.floodRate) }
                shiftPhase()
                for _ in 0..<10 { _ = frame() }
                for _ in 0..<n {
                    let f = frame(origin: origin)
                    if flooded {
                        result.flooded.append(f.seconds); result.cpuFlooded.append(f.cpu); result.preempted[3] += f.preempted
                        result.latenciesFlooded += f.latencies
                    } else {
                        result.quiet.append(f.seconds); result.cpuQuiet.append(f.cpu); result.preempted[2] += f.preempted
                        result.latencies += f.latencies; result.transport += f.transport
                    }
                }
                if flooded {
                    let (attempts, connected, seconds) = flood.stop()
                    result.floodAttempts += attempts
                    result.floodConnected += connected
                    result.floodSeconds += seconds
                }
            }
            flooding.toggle()
            left -= n
        }
        if let counts = served.lock.withLock({ served.server?.counts }) {
            result.refused = counts.refused
            result.readingsHandedOver = counts.readings
        }
        if let held { app.handle(.keyUp(held)) }
        app.quit()
        return result
    }

    /// This thread's involuntary context switches so far (getrusage RUSAGE_THREAD).
    static func involuntarySwitches() -> Int {
        var u = rusage()
        getrusage(__rusage_who_t(1), &u)     // RUSAGE_THREAD (Glibc does not export the macro)
        return u.ru_nivcsw
    }

    /// CLOCK_REALTIME seconds since 1970.
    static func wallClock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The driver script: beside the repository's other test tools.
    static func locateDriver() -> String? {
        let here = FileManager.default.currentDirectoryPath
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        for candidate in [here + "/../Tests/Tools/phone_bench_driver.py", here + "/Tests/Tools/phone_bench_driver.py",
                          exe + "/../../../Tests/Tools/phone_bench_driver.py"]
        where FileManager.default.fileExists(atPath: candidate) {
            return URL(fileURLWithPath: candidate).standardized.path
        }
        return nil
    }
}

/// What the app logged, kept (it prints the page's address there).
final class LogBox: @unchecked Sendable {
    let lock = NSLock()
    var lines: [String] = []

    func add(_ line: String) { lock.withLock { lines.append(line) } }

    /// The address printed for player `p` ("phone page for player 1: https://…").
    func url(player p: Int) -> String? {
        let prefix = "phone page for player \(p): "
        return lock.withLock { lines.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } }
    }
}

/// The window, with the page stamps (`performance.now()`, ms) of the readings each poll delivered.
final class PageTappedPlatform: Platform {
    let inner: SDLPlatform
    var delivered: [Double] = []
    /// The same readings' arrival on the server's thread (CLOCK_MONOTONIC seconds).
    var arrivals: [Double] = []
    var readings = 0

    init(_ inner: SDLPlatform) { self.inner = inner }

    func now() -> Double { inner.now() }
    var size: (width: Double, height: Double) { inner.size }
    func present(_ scene: Scene, canvas: Canvas?) { inner.present(scene, canvas: canvas) }
    func perform(_ effect: AppEffect) { inner.perform(effect) }

    func poll() -> [UIEvent] {
        let events = inner.poll()
        for case .phonePage(.reading(_, let r, let arrival)) in events {
            delivered.append(r.time)
            arrivals.append(arrival)
            readings += 1
        }
        return events
    }
}

/// `python3 -u phone_bench_driver.py URL`: its stdout read as lines, commands written to its stdin.
final class PageDriver {
    let process = Process()
    let input = Pipe(), output = Pipe(), errors = Pipe()
    var buffer: [UInt8] = []
    var lines: [String] = []
    var tail = ""
    var finished = false

    init(script: String, url: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script, url]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// The next line, waiting up to `timeout` seconds (0: only what is there).
    func line(timeout: Double) -> String? {
        let deadline = BenchDSUServer.now() + timeout
        while lines.isEmpty && !finished {
            var p = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ms = Int32(max(0, (deadline - BenchDSUServer.now()) * 1000))
            guard poll(&p, 1, ms) > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let got = read(p.fd, &chunk, chunk.count)
            if got <= 0 {
                finished = true
                tail = String(decoding: errors.fileHandleForReading.readDataToEndOfFile().suffix(2000), as: UTF8.self)
                break
            }
            buffer += chunk[0..<got]
            while let nl = buffer.firstIndex(of: 10) {
                lines.append(String(decoding: buffer[..<nl], as: UTF8.self))
                buffer.removeSubrange(...nl)
            }
        }
        return lines.isEmpty ? nil : lines.removeFirst()
    }

    /// Sends `command` and waits for its "ok" (what comes before it is kept in `skipped`).
    @discardableResult
    func command(_ command: String, timeout: Double = 10) -> [String] {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        var got: [String] = []
        let deadline = BenchDSUServer.now() + timeout
        while BenchDSUServer.now() < deadline, let l = line(timeout: deadline - BenchDSUServer.now()) {
            if l == "ok \(command)" { return got }
            got.append(l)
        }
        FileHandle.standardError.write(Data("page: the driver did not answer \(command): \(got) \(tail)\n".utf8))
        return got
    }

    /// CPU seconds so far of Chromium's processes and of the driver.
    func cpu() -> (chromium: Double, driver: Double)? {
        for l in command("cpu") where l.hasPrefix("cpu ") {
            let w = l.split(separator: " ")
            if w.count == 3, let c = Double(w[1]), let d = Double(w[2]) { return (c, d) }
        }
        return nil
    }

    func quit() {
        if process.isRunning {
            try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
            try? input.fileHandleForWriting.close()
            let deadline = BenchDSUServer.now() + 10
            while process.isRunning && BenchDSUServer.now() < deadline { usleep(10_000) }
            if process.isRunning { process.terminate() }
        }
        process.waitUntilExit()
    }
}

/// Bad connections to a TCP port from a thread: at a steady rate, each a non-blocking connect,
/// 16 bytes of garbage once it is up (the server's first byte decides TLS or HTTP), then close.
final class ConnectionFlood: @unchecked Sendable {
    let port: UInt16
    let lock = NSLock()
    var running = false
    var attempts = 0, connected = 0
    var started = 0.0
    var thread: Thread?

    init(port: UInt16) { self.port = port }

    var isRunning: Bool { lock.withLock { running } }

    func start(rate: Double) {
        lock.withLock { running = true; attempts = 0; connected = 0; started = BenchDSUServer.now() }
        let t = Thread { [self] in
            var to = sockaddr_in()
            to.sin_family = sa_family_t(AF_INET)
            to.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
            to.sin_port = port.bigEndian
            let garbage = [UInt8](repeating: 0x5A, count: 16)
            let start = BenchDSUServer.now()
            var count = 0, up = 0
            // Sockets whose connect is in progress, sent their garbage and closed once writable.
            var pending: [Int32] = []
            while isRunning {
                for _ in 0..<10 {
                    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                    guard fd >= 0 else { continue }
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                    let r = withUnsafePointer(to: &to) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                    }
                    count += 1
                    if r == 0 {
                        up += 1
                        _ = send(fd, garbage, garbage.count, Int32(MSG_NOSIGNAL))
                        close(fd)
                    } else if errno == EINPROGRESS {
                        pending.append(fd)
                    } else {
                        close(fd)
                    }
                }
                // Those now connected get their garbage; any older than a batch are given up.
                var still: [Int32] = []
                for fd in pending {
                    var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    if poll(&p, 1, 0) > 0 {
                        var err: Int32 = 0
                        var len = socklen_t(MemoryLayout<Int32>.size)
                        getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len)
                        if err == 0 { up += 1; _ = send(fd, garbage, garbage.count, Int32(MSG_NOSIGNAL)) }
                        close(fd)
                    } else if still.count < 200 {
                        still.append(fd)
                    } else {
                        close(fd)
                    }
                }
                pending = still
                let due = start + Double(count) / rate
                let wait = due - BenchDSUServer.now()
                if wait > 0 { usleep(useconds_t(wait * 1e6)) }
            }
            for fd in pending { close(fd) }
            lock.withLock { attempts = count; connected = up }
        }
        thread = t
        t.start()
    }

    /// Stops; the attempts, how many connected, and over how long.
    func stop() -> (Int, Int, Double) {
        let began = lock.withLock { running = false; return started }
        while thread?.isFinished == false { usleep(500) }
        return lock.withLock { (attempts, connected, BenchDSUServer.now() - began) }
    }
}
