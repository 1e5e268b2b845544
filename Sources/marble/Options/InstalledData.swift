import Foundation

/// What an installed `marble` reads beside itself: `PREFIX/share/marble`, found from the
/// binary's own path (`/proc/self/exe`), never from the source tree.
///
/// Today that is the shipped logs (`share/marble/Replays`): `marble replay spiral.csv` plays the
/// shipped spiral when there is no `spiral.csv` where it is run.
enum InstalledData {
    /// `<bin>/../share/marble` for the running binary, if that folder exists.
    static var folder: String? {
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let share = URL(fileURLWithPath: exe).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/marble").path
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: share, isDirectory: &isFolder) && isFolder.boolValue ? share : nil
    }

    /// The colouring pages: `share/marble/Pages` beside the binary, else `$MARBLE_PAGES` (a
    /// source tree's `Pages/`: `make run` sets it).
    static var pages: String? {
        if let folder, FileManager.default.fileExists(atPath: folder + "/Pages") { return folder + "/Pages" }
        return ProcessInfo.processInfo.environment["MARBLE_PAGES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `path` as given when it exists; else, for a bare name (`spiral` or `spiral.csv`), the
    /// shipped log of that name, when there is one.
    static func log(_ path: String) -> String {
        guard !FileManager.default.fileExists(atPath: path), !path.contains("/"), let folder else { return path }
        for name in [path, path + ".csv"] {
            let shipped = folder + "/Replays/" + name
            if FileManager.default.fileExists(atPath: shipped) { return shipped }
        }
        return path
    }
}
