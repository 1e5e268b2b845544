import MarbleKit
import MarblePNG

extension Environment {
    /// The program's environment: the system's clock and disk, libpng's encoder, the WebP
    /// time-lapse `marble timelapse` writes, `settings.json` where the desktop keeps settings,
    /// and `playSound` (the window's audio device, when it has one).
    static func live(playSound: SoundSink? = nil, folders: UserFolders = .current) -> Environment {
        Environment(
            encodePicture: { bytes, w, h in try PNGImage.encode(rgba: bytes, width: w, height: h) },
            encodeTimelapse: { history, progress in
                let plan = TimelapseCommand.defaultPlan
                return try timelapseWebP(history, plan, progress: { try progress(Double($0) / Double(plan.frameCount + 1)) }).bytes
            },
            playSound: playSound,
            settings: .file(SettingsFile(path: folders.settings)))
    }
}
