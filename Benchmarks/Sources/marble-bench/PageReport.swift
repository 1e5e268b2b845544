import Foundation

/// `--only page`: PageBench's figures, printed and added to the report; the DSU path's latency
/// p99 from `motion` in the same run (measured here when `motion` was not asked for).
enum PageReport {
    static let keys = ["page_latency_ms_p99", "page_latency_ms_median", "page_latency_ms_max", "page_latency_ms_p99_minus_dsu",
                       "page_latency_ms_p99_flood", "page_transport_ms_p99", "page_dsu_latency_ms_p99",
                       "frame_ms_p99_page_streaming", "frame_ms_p99_page_paused", "frame_ms_ratio_page_streaming_vs_not",
                       "frame_cpu_ms_p99_page_streaming", "frame_cpu_ms_p99_page_paused",
                       "frame_cpu_ms_p99_page_quiet", "frame_cpu_ms_p99_page_flood", "frame_ms_p99_page_quiet", "frame_ms_p99_page_flood", "frame_ms_ratio_page_connection_flood",
                       "page_flood_connections_per_s", "page_clock_resolution_ms", "page_clock_offset_ms", "page_chromium_cores"]

    static func run(_ options: Options, dsuLatencyP99: Double?, into report: inout Report) throws {
        guard let script = PageBench.locateDriver() else {
            skip("no Tests/Tools/phone_bench_driver.py (run from Benchmarks/)", into: &report)
            return
        }
        var dsu = dsuLatencyP99
        if dsu == nil {
            // The DSU path's latency, in this run, for the comparison.
            let bench = try MotionBench()
            defer { bench.cleanUp() }
            let r = try bench.run(frames: options.motionFrames)
            let lat = FrameStats(r.latencies)
            print("page: the DSU path's latency first (as --only motion): \(lat.text(r.latencies.count))")
            dsu = lat.p99
        }
        let bench = try PageBench()
        defer { bench.cleanUp() }
        print("page: the app drawing in a hidden \(FrameBench.width)×\(FrameBench.height) window (SDL dummy driver), frames on a 60 Hz grid, "
            + "an arrow key held, serving the phone page on 127.0.0.1 (PhonePageServer: libwebsockets, TLS); headless Chromium on player 1's "
            + "page, its sensors changed every 50 ms; \(options.motionFrames) frames streaming and \(options.motionFrames) with the page's "
            + "script paused (Debugger.pause), then \(options.motionFrames) quiet and \(options.motionFrames) while bad connections "
            + "flood the page's port, in alternating blocks of 100")
        let r: PageBench.Result
        do {
            r = try bench.run(frames: options.motionFrames, driverScript: script)
        } catch let s as PageBench.Skipped {
            skip(s.description, into: &report)
            return
        }
        let lat = FrameStats(r.latencies), latFlood = FrameStats(r.latenciesFlooded)
        let s = FrameStats(r.streaming), p = FrameStats(r.paused), q = FrameStats(r.quiet), f = FrameStats(r.flooded)
        let cs = FrameStats(r.cpuStreaming), cp = FrameStats(r.cpuPaused), cq = FrameStats(r.cpuQuiet), cf = FrameStats(r.cpuFlooded)
        let floodRate = Double(r.floodAttempts) / max(r.floodSeconds, 1e-9)
        let minus = lat.p99 - (dsu ?? .nan)
        print(String(format: "  the page's clock: performance.now() in steps of ≥ %.3f ms; timeOrigin + now() − CLOCK_REALTIME = %+.3f ms ± %.3f",
                     r.resolutionMS, r.offsetMS, r.offsetRTTMS / 2))
        print("Reading (its performance.now() stamp on the page) to the frame that shows it (its present done): "
            + "\(lat.text(r.latencies.count)); p99 \(String(format: "%+.2f", minus * 1000)) ms against the DSU path's "
            + "\(String(format: "%.2f", (dsu ?? .nan) * 1000)) ms in this run (goal ≤ +3 ms)")
        let transport = FrameStats(r.transport)
        print("  of which the reading's way to the server's thread (Chromium, the WebSocket over TLS, libwebsockets): \(transport.text(r.transport.count))")
        print("  during the connection flood: \(latFlood.text(r.latenciesFlooded.count))")
        print("Frame, the page streaming: \(s.text(r.streaming.count)); its script paused: \(p.text(r.paused.count)); "
            + "ratio \(String(format: "%.2f", s.p99 / p.p99)) p99 (goal ≤ 1.05)")
        print("  CPU time of those frames: \(cs.text(r.cpuStreaming.count)) streaming, \(cp.text(r.cpuPaused.count)) paused; "
            + String(format: "%.1f vs %.1f readings and %.1f vs %.1f segments painted a frame; Chromium used %.2f cores, the driver %.2f",
                     Double(r.readingsStreaming) / Double(max(r.streaming.count, 1)), Double(r.readingsPaused) / Double(max(r.paused.count, 1)),
                     Double(r.segmentsStreaming) / Double(max(r.streaming.count, 1)), Double(r.segmentsPaused) / Double(max(r.paused.count, 1)),
                     r.chromiumCores, r.driverCores))
        print("Frame, quiet: \(q.text(r.quiet.count)); \(String(format: "%.0f", floodRate)) bad connections/s to the page's port: "
            + "\(f.text(r.flooded.count)); ratio \(String(format: "%.2f", f.p99 / q.p99)) p99 (goal ≤ 1.1)")
        print("  CPU time of those frames: \(cq.text(r.cpuQuiet.count)) quiet, \(cf.text(r.cpuFlooded.count)) flooded")
        print("  the frame's thread taken off its core (involuntary switches a 100 frames): "
            + String(format: "%.1f streaming, %.1f paused, %.1f quiet, %.1f flooded", Double(r.preempted[0]) * 100 / Double(max(r.streaming.count, 1)),
                     Double(r.preempted[1]) * 100 / Double(max(r.paused.count, 1)), Double(r.preempted[2]) * 100 / Double(max(r.quiet.count, 1)),
                     Double(r.preempted[3]) * 100 / Double(max(r.flooded.count, 1))))
        let refused = r.refused.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        print("  \(r.floodConnected) of \(r.floodAttempts) connected; the server refused: \(refused.isEmpty ? "none" : refused); "
            + "\(r.readingsHandedOver) readings handed over")
        report.add("page_latency_ms_p99", lat.p99 * 1000, digits: 2)
        report.add("page_latency_ms_median", lat.median * 1000, digits: 2)
        report.add("page_latency_ms_max", lat.max * 1000, digits: 2)
        report.add("page_latency_ms_p99_minus_dsu", minus * 1000, digits: 2)
        report.add("page_latency_ms_p99_flood", latFlood.p99 * 1000, digits: 2)
        report.add("page_transport_ms_p99", transport.p99 * 1000, digits: 2)
        report.add("page_dsu_latency_ms_p99", (dsu ?? .nan) * 1000, digits: 2)
        report.add("frame_ms_p99_page_streaming", s.p99 * 1000, digits: 3)
        report.add("frame_ms_p99_page_paused", p.p99 * 1000, digits: 3)
        report.add("frame_ms_ratio_page_streaming_vs_not", s.p99 / p.p99, digits: 2)
        report.add("frame_cpu_ms_p99_page_streaming", cs.p99 * 1000, digits: 3)
        report.add("frame_cpu_ms_p99_page_paused", cp.p99 * 1000, digits: 3)
        report.add("frame_cpu_ms_p99_page_quiet", cq.p99 * 1000, digits: 3)
        report.add("frame_cpu_ms_p99_page_flood", cf.p99 * 1000, digits: 3)
        report.add("frame_ms_p99_page_quiet", q.p99 * 1000, digits: 3)
        report.add("frame_ms_p99_page_flood", f.p99 * 1000, digits: 3)
        report.add("frame_ms_ratio_page_connection_flood", f.p99 / q.p99, digits: 2)
        report.add("page_flood_connections_per_s", floodRate, digits: 0)
        report.add("page_clock_resolution_ms", r.resolutionMS, digits: 3)
        report.add("page_clock_offset_ms", r.offsetMS, digits: 3)
        report.add("page_chromium_cores", r.chromiumCores, digits: 2)
    }

    /// No Chromium or no driver: said, and the keys null.
    static func skip(_ why: String, into report: inout Report) {
        print("page: skipped: \(why) (needs chromium and python3's websocket-client: make test-deps)")
        for key in keys { report.add(key, .nan) }
    }
}
