import Foundation
import MarbleApp
import MarbleGettext

/// The window's words, chosen once before it opens: the locale's catalogue (LANGUAGE, LC_ALL,
/// LC_MESSAGES, LANG) from `LocaleFolder`, or the pseudo-locale with `MARBLE_PSEUDO_LOCALE=1`.
/// The command line itself stays English.
enum WindowWords {
    static func use(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if environment["MARBLE_PSEUDO_LOCALE"] == "1" {
            Words.use(.pseudo)
            return
        }
        let folder = LocaleFolder.find(environment: environment, executable: LocaleFolder.executable)
        let words = GettextWords.fromLocale(folder: folder)
        Words.use(words)
        if environment["MARBLE_DEBUG"] != nil { printError("marble: words \(words.language) from \(folder)") }
    }
}
