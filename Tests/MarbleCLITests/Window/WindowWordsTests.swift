import Foundation
import MarbleTestSupport
import Testing

/// The window's language: chosen from the locale at the window's start, said in the help; the
/// command line's own words stay English.
@Suite struct WindowWordsTests {
    @Test func playHelpSaysWhereTheWindowsLanguagesComeFrom() throws {
        let out = try MarbleProcess.run(["play", "--help"])
        #expect(out.status == 0)
        let help = out.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for words in ["LANGUAGE, LC_ALL, LC_MESSAGES and LANG pick the language", "share/locale/LL/LC_MESSAGES/marble.mo",
                      "Spanish (es) and German (de) ship", "the command line stays English"] {
            #expect(help.contains(words), "\(words)")
        }
    }

    @Test func theWindowReadsTheLocalesCatalogueAndTheCommandLineStaysEnglish() throws {
        let dir = try TempFolder("cli-locale")
        try FileManager.default.createDirectory(atPath: dir.path + "/es/LC_MESSAGES", withIntermediateDirectories: true)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        msgfmt.arguments = ["msgfmt", "-c", "-o", dir.path + "/es/LC_MESSAGES/marble.mo", Repository.root.path + "/po/es.po"]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        #expect(msgfmt.terminationStatus == 0)
        let store = try TempFolder("cli")
        // C.UTF-8 is on every glibc system; LANGUAGE is honoured in it (not in plain C).
        let out = try MarbleProcess.run(["play", "--store", store.path],
                                        environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": "es",
                                                      "MARBLE_LOCALEDIR": dir.path, "MARBLE_DEBUG": "1"],
                                        removing: WindowCommandTests.noDisplay)
        #expect(out.status == 69)
        #expect(out.stderr.contains("marble: words es from \(dir.path)"), "\(out.stderr)")
        #expect(out.stderr.contains("no display was found"), "the command line's message stays English")
        let english = try MarbleProcess.run(["play", "--store", store.path],
                                            environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": "fr",
                                                          "MARBLE_LOCALEDIR": dir.path, "MARBLE_DEBUG": "1"],
                                            removing: WindowCommandTests.noDisplay)
        #expect(english.stderr.contains("marble: words en from \(dir.path)"), "\(english.stderr)")
    }
}
