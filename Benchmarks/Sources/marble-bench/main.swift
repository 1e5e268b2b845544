// marble-bench: MarbleKit's rasterizer against Cairo, log replay speed, the drawing store, the window, and batch replays. See ../../README.md.

import Foundation
import MarbleSDL
import MarbleKit

let options = Options.parseOrExit()
var report = Report()
if let folder = options.writeLogs {
    for path in try ReplayBench.write(to: folder, seconds: options.replaySeconds, rate: options.replayRate, seed: options.seed) {
        print(path)
    }
    exit(0)
}
if options.measurements.contains("pixels") {
    let replays = options.replays ?? FileManager.default.currentDirectoryPath + "/../Replays"
    let checked: Int
    do {
        checked = try PixelCheck.run(replays: replays)
    } catch {
        FileHandle.standardError.write(Data("marble-bench: \(error)\n".utf8))
        exit(1)
    }
    print("pixels: \(checked) Replays logs paint the canvases in Replays/canvas-sha256.txt (built for CPU \(ProcessInfo.processInfo.environment["MARBLE_CPU"].map { $0.isEmpty ? "baseline" : $0 } ?? "unknown, not from make bench"))")
}
let n = options.segments
let walk = RandomWalk(segments: n, width: 1920, height: 1080, seed: options.seed)
print("random walk: \(n) segments of 1–4 px on 1920×1080, pen \(RasterBench.penWidth) px, round caps")

if options.measurements.contains("raster") || options.measurements.contains("cairo") {
    var raster: Double?
    if options.measurements.contains("raster") {
        let run = Timing.best(of: options.runs) { RasterBench.run(walk) }
        raster = Double(n) / run.seconds
        report.line("MarbleKit Canvas", run, runs: options.runs, rate: Report.rate(raster!, "segments/s"))
        report.add("raster_segments_per_s", raster!)
    }
    if options.measurements.contains("cairo") {
        let one = Timing.best(of: options.runs) { CairoBench.perSegment(walk) }
        let poly = Timing.best(of: options.runs) { CairoBench.polylines(walk, length: 500) }
        let oneRate = Double(n) / one.seconds, polyRate = Double(n) / poly.seconds
        report.line("Cairo, one stroke per segment", one, runs: options.runs, rate: Report.rate(oneRate, "segments/s"))
        report.line("Cairo, 500-segment polylines", poly, runs: options.runs, rate: Report.rate(polyRate, "segments/s"))
        report.add("cairo_per_segment_segments_per_s", oneRate)
        report.add("cairo_polyline_segments_per_s", polyRate)
        if let raster {
            print("MarbleKit vs Cairo: \(String(format: "%.2f", raster / oneRate))× per segment (goal ≥ 10×), "
                + "\(String(format: "%.2f", raster / polyRate))× polylines (goal ≥ 3.5×, issue 12)")
            report.add("raster_vs_cairo_per_segment", raster / oneRate, digits: 3)
            report.add("raster_vs_cairo_polyline", raster / polyRate, digits: 3)
        }
    }
}

if options.measurements.contains("smooth") {
    // For information: the same measures on a smooth trail, as a marble draws (each step
    // turns at most 15°). The goals are set on the random walk above.
    let smooth = RandomWalk(segments: n, width: 1920, height: 1080, seed: options.seed, maxTurn: 15)
    let raster = Timing.best(of: options.runs) { RasterBench.run(smooth) }
    let cairo = Timing.best(of: options.runs) { CairoBench.perSegment(smooth) }
    let rasterRate = Double(n) / raster.seconds, cairoRate = Double(n) / cairo.seconds
    report.line("Smooth trail, MarbleKit", raster, runs: options.runs, rate: Report.rate(rasterRate, "segments/s"))
    report.line("Smooth trail, Cairo per segment", cairo, runs: options.runs, rate: Report.rate(cairoRate, "segments/s"))
    report.add("smooth_raster_segments_per_s", rasterRate)
    report.add("smooth_raster_vs_cairo_per_segment", rasterRate / cairoRate, digits: 3)
}

if options.measurements.contains("replay") {
    let replay = try ReplayBench.measure(seconds: options.replaySeconds, rate: options.replayRate, seed: options.seed,
                                         runs: options.replayRuns, into: &report)
    defer { replay.cleanUp() }
    if options.measurements.contains("sound") {
        let sound = try SoundBench(replay: replay)
        let render = Timing.best(of: options.replayRuns) { sound.render() }
        let soundFactor = sound.duration / render.seconds
        report.line("Sound of the hour, no picture", render, runs: options.replayRuns,
                    rate: String(format: "%.0f× real time (goal ≥ 1000×)", soundFactor))
        report.add("audio_render_realtime_factor", soundFactor)
        let full = try Timing.best(of: min(options.replayRuns, 2)) { try sound.replayWithSound() }
        report.line("Replay with sound (replay --wav, without the write)", full, runs: min(options.replayRuns, 2),
                    rate: String(format: "%.0f× real time", sound.duration / full.seconds))
        report.add("replay_wav_realtime_factor", sound.duration / full.seconds)
    }
}

if options.measurements.contains("store") {
    let bench = try StoreBench()
    defer { bench.cleanUp() }
    print("store: a drawing of ≥ \(options.storeSegments) segments (1280×800, fake physics, normal, 60 Hz) in \(bench.root)")
    let r = try bench.run(segments: options.storeSegments, autosaves: options.autosaves, restoreRuns: options.runs,
                          penLiftEvery: options.penLiftEvery, seed: options.seed)
    let big = Spread(r.autosave1M), empty = Spread(r.autosaveEmpty), sync = Spread(r.fdatasync)
    let snap = Spread(r.autosaveWithSnapshot), restore = Spread(r.restore), tail = Spread(r.restoreTail)
    print("  \(r.segments) segments; journal \(r.journalBytes) bytes, snapshot \(r.snapshotBytes) bytes")
    print("Autosave, \(StoreBench.samplesPerAutosave) samples, \(r.segments) segments: \(big.text(r.autosave1M.count)) (goal ≤ 1 ms)")
    print("Autosave, \(StoreBench.samplesPerAutosave) samples, near-empty drawing: \(empty.text(r.autosaveEmpty.count))")
    let cpuBig = Spread(r.autosaveCPU1M), cpuEmpty = Spread(r.autosaveCPUEmpty)
    print("  ratio \(String(format: "%.2f", big.median / empty.median)); bare append + fdatasync on the same disk: \(sync.text(r.fdatasync.count))")
    print("  CPU time of those autosaves: \(String(format: "%.3f ms (1M) vs %.3f ms (empty)", cpuBig.median * 1000, cpuEmpty.median * 1000))")
    print("Autosave that writes the snapshot (1 in ~546), \(r.segments) segments: \(snap.text(r.autosaveWithSnapshot.count))")
    print("Reopen after close, \(r.segments) segments: \(restore.text(r.restore.count)) (goal ≤ 300 ms)")
    print("Reopen after a crash, \(StoreBench.tailSamples) samples after the snapshot: \(tail.text(r.restoreTail.count)) (goal ≤ 300 ms)"
        + (r.restoreTailRewroteSnapshot ? "\n    opening wrote a new snapshot (included in the time)" : "")
        + r.restoreTailNotes.map { "\n    recovery note: \($0)" }.joined())
    report.add("autosave_ms_1m", big.median * 1000, digits: 3)
    report.add("autosave_ms_empty", empty.median * 1000, digits: 3)
    report.add("autosave_ratio_1m_vs_empty", big.median / empty.median, digits: 2)
    report.add("autosave_max_ms_1m", big.max * 1000, digits: 3)
    report.add("autosave_cpu_ms_1m", cpuBig.median * 1000, digits: 3)
    report.add("autosave_cpu_ms_empty", cpuEmpty.median * 1000, digits: 3)
    report.add("fdatasync_ms", sync.median * 1000, digits: 3)
    report.add("autosave_with_snapshot_ms_1m", snap.median * 1000, digits: 1)
    report.add("restore_ms_1m", restore.median * 1000, digits: 1)
    report.add("restore_ms_1m_journal_tail", tail.median * 1000, digits: 1)
    let undo = Spread(Array(r.undo.dropFirst())), redo = Spread(r.redo)
    print("First undo after reopening \(r.segments) segments: \(String(format: "%.1f ms", r.undo[0] * 1000)) (goal ≤ 50 ms), "
        + "once undo's pictures are painted in the background: \(String(format: "%.0f ms", r.undoSeed * 1000)) after opening")
    print("Then undo / redo of a stroke (from a saved picture): \(undo.text(r.undo.count - 1)) / \(redo.text(r.redo.count))")
    report.add("undo_first_ms_1m", r.undo[0] * 1000, digits: 1)
    report.add("undo_seed_ms_1m", r.undoSeed * 1000, digits: 0)
    report.add("undo_ms_1m", undo.median * 1000, digits: 1)
    report.add("redo_ms_1m", redo.median * 1000, digits: 1)
    print(String(format: "Undo's saved pictures of that drawing: %.1f MB (in tiles shared between pictures; budget %d MB)", Double(r.undoPictureBytes) / 1e6, StoredDrawing.undoPictureBudget >> 20))
    report.add("undo_pictures_mb_1m", Double(r.undoPictureBytes) / 1e6, digits: 1)
    report.add("store_segments", r.segments)
}

if options.measurements.contains("frame") {
    let bench = try FrameBench()
    defer { bench.cleanUp() }
    let target = options.frameSegments ?? options.storeSegments
    print("frame: the app drawing in a hidden \(FrameBench.width)×\(FrameBench.height) window (SDL dummy driver, "
        + "\(bench.platform.rendererName) renderer), an arrow key held; \(options.frames) frames after \(options.warmupFrames), "
        + "started at 60 Hz, the drawings taking turns in blocks of 100; the third plays its sound (SDL's dummy audio driver)")
    let (bigDriver, setupSeconds) = try bench.bigDrawing(segments: target, penLiftEvery: options.penLiftEvery, seed: options.seed)
    let emptyDriver = try bench.newDrawing()
    // The same 1M drawing again (built the same way), in an app whose sound goes to a device.
    let audio = try SDLAudio.open().get()
    let (soundDriver, _) = try bench.bigDrawing(segments: target, penLiftEvery: options.penLiftEvery, seed: options.seed,
                                                playSound: { audio.play($0) })
    bench.measure([emptyDriver, bigDriver, soundDriver], frames: options.frames, warmup: options.warmupFrames)
    let empty = emptyDriver.result, big = bigDriver.result, loud = soundDriver.result
    let l = FrameStats(loud.frames)
    let e = FrameStats(empty.frames), b = FrameStats(big.frames)
    func painted(_ c: FrameBench.Case) -> String {
        String(format: "%.1f segments painted a frame", Double(c.segmentsAfter - c.segmentsBefore) / Double(c.framesBetween))
    }
    FileHandle.standardError.write(Data(String(format: "frame: the %d-segment drawing built and opened in %.1f s\n",
                                                 big.segmentsBefore, setupSeconds).utf8))
    print("Frame, new drawing: \(e.text(empty.frames.count)) (goal ≤ 2 ms); \(painted(empty))")
    print("Frame, \(big.segmentsBefore) segments: \(b.text(big.frames.count)) (goal ≤ 2 ms); \(painted(big))")
    print("  ratio \(String(format: "%.2f", b.p99 / e.p99)) p99 (goal ≤ 1.1), \(String(format: "%.2f", b.median / e.median)) median")
    print("Frame, \(loud.segmentsBefore) segments with sound: \(l.text(loud.frames.count)) (goal ≤ 2 ms); "
        + "ratio \(String(format: "%.2f", l.p99 / b.p99)) p99 to the silent 1M (goal ≤ 1.1)")
    func split(_ c: FrameBench.Case) -> (plain: FrameStats, saving: FrameStats, n: Int) {
        let plain = zip(c.frames, c.autosaved).filter { !$0.1 }.map(\.0), saving = zip(c.frames, c.autosaved).filter(\.1).map(\.0)
        return (FrameStats(plain), FrameStats(saving), saving.count)
    }
    let es = split(empty), bs = split(big)
    print("  without the autosave frames: \(es.plain.text(empty.frames.count - es.n)) new, \(bs.plain.text(big.frames.count - bs.n)) 1M")
    print("  the autosave frames (journal append; fdatasync on a background thread): median \(String(format: "%.3f", es.saving.median * 1000)) ms, "
        + "max \(String(format: "%.3f", es.saving.max * 1000)) (n = \(es.n)) new; median \(String(format: "%.3f", bs.saving.median * 1000)) ms, "
        + "max \(String(format: "%.3f", bs.saving.max * 1000)) (n = \(bs.n)) 1M")
    let ec = FrameStats(empty.cpu), bc = FrameStats(big.cpu)
    print("  CPU time of those frames: \(ec.text(empty.cpu.count)) new, \(bc.text(big.cpu.count)) 1M; "
        + "ratio \(String(format: "%.2f", bc.p99 / ec.p99)) p99")
    let es1 = Spread(empty.snapshotFrames), bs1 = Spread(big.snapshotFrames)
    let es2 = Spread(empty.afterSnapshotFrames), bs2 = Spread(big.afterSnapshotFrames)
    print("Frame whose autosave starts a snapshot (1 in ~546 autosaves): median \(String(format: "%.1f ms new, %.1f ms 1M", es1.median * 1000, bs1.median * 1000)); "
        + "worst frame of the 29 after it: \(String(format: "%.1f ms new, %.1f ms 1M", es2.median * 1000, bs2.median * 1000)) (medians of \(big.snapshotFrames.count))")
    report.add("frame_ms_p99_empty", e.p99 * 1000, digits: 3)
    report.add("frame_ms_p99_1m", b.p99 * 1000, digits: 3)
    report.add("frame_ms_ratio_1m_vs_empty", b.p99 / e.p99, digits: 2)
    report.add("frame_ms_p99_sound_1m", l.p99 * 1000, digits: 3)
    report.add("frame_ms_ratio_sound_vs_1m", l.p99 / b.p99, digits: 2)
    report.add("frame_ms_median_sound_1m", l.median * 1000, digits: 3)
    report.add("frame_ms_median_empty", e.median * 1000, digits: 3)
    report.add("frame_ms_median_1m", b.median * 1000, digits: 3)
    report.add("frame_ms_max_empty", e.max * 1000, digits: 3)
    report.add("frame_ms_max_1m", b.max * 1000, digits: 3)
    report.add("frame_cpu_ms_p99_empty", ec.p99 * 1000, digits: 3)
    report.add("frame_cpu_ms_p99_1m", bc.p99 * 1000, digits: 3)
    report.add("frame_ms_p99_no_autosave_empty", es.plain.p99 * 1000, digits: 3)
    report.add("frame_ms_p99_no_autosave_1m", bs.plain.p99 * 1000, digits: 3)
    report.add("frame_ms_autosave_median_1m", bs.saving.median * 1000, digits: 3)
    report.add("frame_ms_snapshot_autosave_empty", es1.median * 1000, digits: 1)
    report.add("frame_ms_snapshot_autosave_1m", bs1.median * 1000, digits: 1)
    report.add("frame_ms_after_snapshot_1m", bs2.median * 1000, digits: 1)
    report.add("frame_segments", big.segmentsBefore)
}

if options.measurements.contains("marbles") {
    try MarblesFrameBench.run(frames: options.frames, warmup: options.warmupFrames, seed: options.seed, into: &report)
}

if options.measurements.contains("players") {
    try PlayersFrameBench.run(frames: options.frames, into: &report)
}

if options.measurements.contains("voice") {
    try VoiceFrameBench.run(frames: options.frames, warmup: options.warmupFrames, into: &report)
}

if options.measurements.contains("board") {
    try BoardFrameBench.run(frames: options.frames, warmup: options.warmupFrames, seed: options.seed, into: &report)
}

if options.measurements.contains("class") {
    let repo = URL(fileURLWithPath: options.replays ?? FileManager.default.currentDirectoryPath + "/../Replays").deletingLastPathComponent().path
    try ClassFrameBench.run(frames: options.frames, warmup: options.warmupFrames, seed: options.seed, repo: repo, into: &report)
}

/// The DSU path's latency p99 (s), for the page's to be compared with in the same run.
var dsuLatencyP99: Double?
if options.measurements.contains("motion") {
    let bench = try MotionBench()
    defer { bench.cleanUp() }
    print("motion: the app drawing in a hidden \(FrameBench.width)×\(FrameBench.height) window (SDL dummy driver), frames on a 60 Hz grid, "
        + "a DSU server streaming \(Int(MotionBench.reportRate)) reports a second over 127.0.0.1; \(options.motionFrames) frames quiet "
        + "and \(options.motionFrames) while another socket floods the app's port, in alternating blocks of 100")
    let r = try bench.run(frames: options.motionFrames)
    let lat = FrameStats(r.latencies), q = FrameStats(r.quiet), f = FrameStats(r.flooded)
    let floodRate = Double(r.floodSent) / max(r.floodSeconds, 1e-9)
    let scene = FrameStats(r.toScene)
    print("Datagram to the frame that shows it (its present done): \(lat.text(r.latencies.count)) (goal p99 ≤ 17 ms)")
    print("  to that frame's scene going to the renderer (present called): \(scene.text(r.toScene.count))")
    print("Frame, quiet: \(q.text(r.quiet.count)); flooded (\(String(format: "%.0f", floodRate)) datagrams/s from another socket): "
        + "\(f.text(r.flooded.count)); ratio \(String(format: "%.2f", f.p99 / q.p99)) p99 (goal ≤ 1.1)")
    print("  reports used by the app: \(r.accepted); none of the flood's (its socket is connected to the server)")
    dsuLatencyP99 = lat.p99
    report.add("motion_latency_ms_p99", lat.p99 * 1000, digits: 2)
    report.add("motion_latency_ms_median", lat.median * 1000, digits: 2)
    report.add("motion_latency_ms_p99_to_scene", scene.p99 * 1000, digits: 2)
    report.add("motion_latency_ms_max", lat.max * 1000, digits: 2)
    report.add("frame_ms_p99_motion_quiet", q.p99 * 1000, digits: 3)
    report.add("frame_ms_p99_motion_flood", f.p99 * 1000, digits: 3)
    report.add("frame_ms_ratio_flood_vs_quiet", f.p99 / q.p99, digits: 2)
    report.add("flood_datagrams_per_s", floodRate, digits: 0)
}

if options.measurements.contains("page") {
    try PageReport.run(options, dsuLatencyP99: dsuLatencyP99, into: &report)
}

if options.measurements.contains("film") {
    let bench = try FilmBench()
    defer { bench.cleanUp() }
    let r = try bench.run(segments: options.filmSegments, frames: options.motionFrames, seed: options.seed)
    print("film: the End screen of a \(r.segments)-segment drawing in a hidden \(FrameBench.width)×\(FrameBench.height) window "
        + "(SDL dummy driver, software renderer), frames on a 60 Hz grid; idle, and while Film makes its time-lapse "
        + "(\(r.films) films, \(String(format: "%.1f", Double(r.filming.count) / Double(max(r.films, 1)) / FrameBench.rate)) s each): "
        + "100 idle frames, then every frame of a film, in turn")
    let idle = FrameStats(r.idle), filming = FrameStats(r.filming)
    print("Frame, idle: \(idle.text(r.idle.count)); filming: \(filming.text(r.filming.count)); "
        + "ratio \(String(format: "%.2f", filming.p99 / idle.p99)) p99 (goal ≤ 1.1)")
    report.add("frame_ms_p99_end_idle", idle.p99 * 1000, digits: 3)
    report.add("frame_ms_p99_during_film", filming.p99 * 1000, digits: 3)
    report.add("frame_ms_p99_during_film_ratio", filming.p99 / idle.p99, digits: 2)
}

if options.measurements.contains("watch") {
    let bench = try WatchBench()
    defer { bench.cleanUp() }
    let r = try bench.run(segments: options.storeSegments, seeks: 60, seed: options.seed)
    print("watch: Watch on a \(r.segments)-segment drawing in a hidden \(FrameBench.width)×\(FrameBench.height) window (SDL dummy driver, "
        + "software renderer), paused; each timed frame takes a ← or → (5% back or on) and shows the picture there")
    let s = FrameStats(r.seeks)
    print("Keyframes: \(r.keyframes), \(String(format: "%.1f", Double(r.keyframeBytes) / 1e6)) MB (budget \(HistoryKeyframes.budget >> 20) MB), "
        + "kept \(String(format: "%.2f", r.keyframeSeconds)) s after Watch opened, on the other core")
    print("The frame of a seek: \(s.text(r.seeks.count)) (goal ≤ 17 ms, the next frame); \(r.checked) pictures checked against playing from the blank canvas")
    report.add("watch_seek_ms_1m", s.max * 1000, digits: 2)
    report.add("watch_seek_ms_median_1m", s.median * 1000, digits: 2)
    report.add("watch_keyframes_mb_1m", Double(r.keyframeBytes) / 1e6, digits: 1)
    report.add("watch_keyframes_s_1m", r.keyframeSeconds, digits: 2)
}

if options.measurements.contains("launch") {
    if let marble = LaunchBench.locate(explicit: options.marble) {
        let bench = try LaunchBench(marble: marble)
        defer { bench.cleanUp() }
        print("launch: \(bench.arguments.joined(separator: " ")), SDL dummy driver, exiting after the first frame")
        let times = try bench.run(runs: options.launches)
        let s = Spread(times)
        print("Launch to first frame: median \(String(format: "%.1f ms (best %.1f, max %.1f, n = %d)", s.median * 1000, s.min * 1000, s.max * 1000, times.count)) (goal ≤ 150 ms)")
        report.add("launch_ms", s.median * 1000, digits: 1)
        report.add("launch_ms_best", s.min * 1000, digits: 1)
    } else {
        print("Launch to first frame: skipped, no release marble binary (build it first: "
            + "`swift build -c release --product marble` in Benchmarks, or pass --marble PATH)")
        report.add("launch_ms", .nan)
    }
}

if options.measurements.contains("batch") {
    try BatchBench.run(options, into: &report)
}

report.add("segments", n)
if options.measurements.contains("timelapse") {
    let bench = try TimelapseBench(segments: options.storeSegments, penLiftEvery: options.penLiftEvery, seed: options.seed)
    defer { bench.cleanUp() }
    let plan = TimelapseBench.plan
    print("timelapse: \(bench.segments) segments (1280×800, fake physics, normal, 60 Hz), "
        + "\(Int(plan.seconds)) s at \(Int(plan.fps)) fps, \(plan.width!) px wide, lossless")
    let runs = min(options.runs, 3)
    let run = try Timing.best(of: runs) { try bench.run() }
    report.line("Time-lapse export", run, runs: runs, rate: String(format: "%.2f s (goal ≤ 10 s)", run.seconds))
    report.add("timelapse_export_s_1m", run.seconds, digits: 2)
}

if options.measurements.contains("pictures") {
    try PictureBench().run(runs: options.runs, into: &report)
}

print(report.json)
