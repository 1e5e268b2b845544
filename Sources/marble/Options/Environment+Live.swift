import Foundation
import MarbleKit
import MarbleClass
import MarblePhonePage
import MarblePNG
import MarbleQR

extension Environment {
    /// The program's environment: the system's clock and disk, libpng's encoder and decoder, the WebP
    /// time-lapse `marble timelapse` writes, `settings.json` where the desktop keeps settings,
    /// `playSound` (the window's audio device, when it has one), and the photos of the user's
    /// Pictures folder to paint over, the class folder (WebDAV on libcurl, or a plain folder), and
    /// QR codes by libqrencode (the phone page's address on the Phone screen), and the system's chance.
    ///
    /// The one place the program takes the system's disk (`FileIO.system`): everything else reads
    /// and writes through an environment's `io`, handed in (`SeamRulesTests` checks).
    static func live(playSound: SoundSink? = nil, folders: UserFolders = .current) -> Environment {
        let io = FileIO.system
        return Environment(
            clock: Environment.systemClock, monotonic: { POSIX.monotonicSeconds() }, io: io,
            encodePicture: { bytes, w, h in try PNGImage.encode(rgba: bytes, width: w, height: h) },
            // No picture a drawing holds is larger than the largest canvas (8192² is 256 MB
            // decoded): a PNG that claims more is refused from its header, before any pixel.
            decodePicture: { bytes in
                let image = try PNGImage.decode(bytes, maxPixels: Canvas.maxSide * Canvas.maxSide)
                return (image.rgba, image.width, image.height)
            },
            encodeTimelapse: { history, progress in
                let plan = TimelapseCommand.defaultPlan
                // The window's film leaves a core to the frame loop: the history plays on one
                // and the frames encode on the rest (on 2 cores, both on the film's one thread;
                // with an encoder on each core the frame p99 was 1.3–1.6× idle).
                let threads = max(0, ProcessInfo.processInfo.activeProcessorCount - 2)
                return try timelapseWebP(history, plan, threads: threads, progress: { try progress(Double($0) / Double(plan.frameCount + 1)) }).bytes
            },
            playSound: playSound,
            settings: .file(SettingsFile(path: folders.settings, io: io)),
            pictureShelf: .folder(folders.photos, io: io),
            connectClass: { address, credentials throws(ClassProblem) in
                switch address {
                case .folder: return try FolderTransport(address)
                case .webDAV:
                    return try WebDAVTransport(address, user: credentials.user, password: credentials.password, nickname: credentials.nickname,
                                                trust: credentials.trust)
                }
            },
            // The certificate is kept in the data folder (the default store's), whichever store a
            // run draws into: a phone that accepted it once is not asked again for another store.
            servePhonePage: { address throws(PhonePageProblem) in try PhonePageServer.start(address, storeRoot: folders.store, io: io) },
            encodeQR: { text in try? QRCode.encode(text) },
            random: Environment.systemRandom)
    }
}
