import Foundation

/// What a soak run counts, and how its simulated time is made up.
struct SoakFigures {
    /// Simulated seconds by what the app was doing (see `TimeKind`).
    var time: [TimeKind: Double] = [:]
    var frames = 0
    /// Frames at the display's 60 Hz (the others jump over a pause).
    var frames60 = 0
    /// Samples fed to drawings (accepted), summed over each launch's drawing.
    var samples = 0
    /// Journal appends seen after a frame (autosaves, explicit saves, edits) and closes.
    var saves = 0
    var launches = 0
    var drawingsMade = 0
    var reopenChecks = 0
    var undos = 0, redos = 0, clears = 0, pauses = 0, hotplugs = 0, hides = 0, logsSaved = 0
    var actions: [String: Int] = [:]
    /// Resident memory right after each launch, in MiB, in order.
    var rssAtLaunch: [Double] = []

    var simulated: Double { time.values.reduce(0, +) }

    /// Prints the figures, one `key: value` a line.
    func print(wall: Double) {
        func h(_ s: Double) -> String { String(format: "%.2f h", s / 3600) }
        Swift.print("soak: simulated \(h(simulated)) in \(String(format: "%.1f", wall)) s of wall time")
        for kind in TimeKind.allCases { Swift.print("soak:   \(kind.rawValue): \(h(time[kind] ?? 0))") }
        Swift.print("soak: frames \(frames) (\(frames60) at 1/60 s, \(frames - frames60) jumping over a pause)")
        Swift.print("soak: samples \(samples), saves \(saves), launches \(launches) (relaunches \(max(launches - 1, 0))), drawings \(drawingsMade), reopen checks \(reopenChecks)")
        Swift.print("soak: undos \(undos), redos \(redos), clears \(clears), pauses \(pauses), pad unplugged \(hotplugs), hidden \(hides), logs saved \(logsSaved)")
        Swift.print("soak: actions " + actions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        let first = rssAtLaunch.prefix(max(rssAtLaunch.count / 4, 1)).max() ?? 0
        let last = rssAtLaunch.suffix(max(rssAtLaunch.count / 4, 1)).max() ?? 0
        Swift.print(String(format: "soak: peak RSS %.0f MiB; RSS at launch: first quarter ≤ %.0f MiB, last quarter ≤ %.0f MiB", Memory.peakMiB(), first, last))
    }
}

/// Where simulated time went.
enum TimeKind: String, CaseIterable {
    /// Drawing with input, frame by frame at 60 Hz.
    case drawing = "drawing, input moving, 60 fps"
    /// The drawing screen live, nothing touched (the ball rolls to rest): 60 Hz frames too.
    case idle = "drawing, nothing touched, 60 fps"
    /// Menus, the end screen, the gallery, settings: 60 Hz frames.
    case menus = "menus, 60 fps"
    /// Paused (Esc, a pad unplugged, the window hidden): the app does nothing, one frame jumps it.
    case paused = "paused or hidden (one frame jumps it)"
    /// Between a quit and the next launch.
    case closed = "app closed"
}

/// The process's memory.
enum Memory {
    /// Resident memory now, in MiB (from /proc/self/statm).
    static func residentMiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// The peak resident memory so far, in MiB (getrusage's ru_maxrss, in KiB on Linux).
    static func peakMiB() -> Double {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
