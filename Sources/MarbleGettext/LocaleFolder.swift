import Foundation

/// Where the window's catalogues are: `$MARBLE_LOCALEDIR`; else `share/locale` beside the
/// installed binary (`<bin>/../share/locale`) when it holds a `marble.mo`; else the source
/// tree's `.build/locale` (`make locale` compiles `po/*.po` there: `make run`).
public enum LocaleFolder {
    /// The folder for this run, read from `environment` and the binary's path `executable`.
    public static func find(environment: [String: String], executable: String?, sourceTree: String = sourceTreeLocale) -> String {
        if let dir = environment["MARBLE_LOCALEDIR"], !dir.isEmpty { return dir }
        if let executable {
            let share = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("share/locale").path
            if holdsCatalogue(share) { return share }
        }
        return sourceTree
    }

    /// The running binary's path (`/proc/self/exe`), if it can be read.
    public static var executable: String? { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") }

    /// `.build/locale` of the source tree this was built from.
    public static let sourceTreeLocale: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // MarbleGettext
        .deletingLastPathComponent()   // Sources
        .deletingLastPathComponent()
        .appendingPathComponent(".build/locale").path

    /// Whether `folder` has `LL/LC_MESSAGES/marble.mo` for some language.
    static func holdsCatalogue(_ folder: String) -> Bool {
        let languages = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return languages.contains { FileManager.default.fileExists(atPath: "\(folder)/\($0)/LC_MESSAGES/\(GettextWords.domain).mo") }
    }
}
