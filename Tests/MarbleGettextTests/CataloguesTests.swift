import Foundation
import MarbleApp
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleGettext

/// The catalogues in po/: complete, current with the tr calls, and read by gettext at run time.
@Suite("Words: the gettext catalogues")
struct CataloguesTests {
    /// A program's exit status and what it said (stdout and stderr together).
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [program] + arguments
        p.currentDirectoryURL = Repository.root
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static let languages = ["es", "de"]

    /// The catalogues compiled by msgfmt into a folder of this test run's, as `make locale` does.
    static let folder: Result<String, TestFailure> = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("marble-locale-\(getpid())").path
        for l in languages {
            let target = "\(dir)/\(l)/LC_MESSAGES"
            try? FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            guard let made = try? run("msgfmt", ["-c", "-o", "\(target)/marble.mo", "po/\(l).po"]), made.status == 0 else {
                return .failure(TestFailure(text: "msgfmt could not compile po/\(l).po"))
            }
        }
        return .success(dir)
    }()

    struct TestFailure: Error, CustomStringConvertible { var text: String; var description: String { text } }

    /// One locale's words from the compiled catalogues (the locale must exist: `make test-deps` makes it).
    static func words(_ locale: String) throws -> Words {
        let dir = try folder.get()
        return try #require(GettextWords.forLocale(locale, folder: dir),
                            "the \(locale) locale is not on this machine (locale -a): make test-deps makes it")
    }

    @Test("po/marble.pot is current with the tr calls in Sources (Tests/Tools/make_pot.py --check)")
    func templateCurrent() throws {
        let check = try Self.run("python3", ["Tests/Tools/make_pot.py", "--check"])
        #expect(check.status == 0, "\(check.output)")
    }

    @Test("Every message of es.po and de.po is translated: msgfmt -c finds no error, nothing untranslated or fuzzy", arguments: languages)
    func complete(_ language: String) throws {
        let stats = try Self.run("msgfmt", ["-c", "--statistics", "-o", "/dev/null", "po/\(language).po"])
        #expect(stats.status == 0, "\(stats.output)")
        #expect(stats.output.contains("translated messages"), "\(stats.output)")
        #expect(!stats.output.contains("untranslated") && !stats.output.contains("fuzzy"), "\(stats.output)")
        // Every message of the template is in the catalogue.
        let template = try String(contentsOf: Repository.root.appendingPathComponent("po/marble.pot"), encoding: .utf8)
        let count = template.components(separatedBy: "\nmsgid \"").count - 2
        #expect(stats.output.hasPrefix("\(count) translated messages"), "\(count) in po/marble.pot: \(stats.output)")
    }

    /// An app on an empty store in a temporary folder.
    static func app() throws -> (App, TempFolder) {
        let temp = try TempFolder("gettext-tests")
        let store = try DrawingStateStore(root: temp.path, environment: Environment(clock: Environment.systemClock,
                                                                                  monotonic: Environment.system.monotonic, io: .system))
        return (App(store: store, exportFolder: temp.path + "/exports"), temp)
    }

    @Test("Under es_ES.UTF-8 Home and a drawing show Spanish words; under de_DE.UTF-8, German",
          arguments: [("es_ES.UTF-8", "es", ["Nuevo", "Galería", "Ajustes"], ["Listo", "Deshacer", "¡Inclina para dibujar!"]),
                      ("de_DE.UTF-8", "de", ["Neu", "Galerie", "Einstellungen"], ["Fertig", "Wieder", "Kippen und malen!"])])
    func screens(_ locale: String, _ language: String, _ home: [String], _ drawing: [String]) throws {
        let words = try Self.words(locale)
        #expect(words.language == language)
        try Words.$scoped.withValue(words) {
            let (app, temp) = try Self.app()
            defer { _ = temp }
            let shown = app.scene(width: 1280, height: 800).texts
            for w in home { #expect(shown.contains(w), "\(w) not in Home's \(shown)") }
            #expect(!shown.contains("New"))
            app.perform(.newDrawing)
            app.perform(.start)
            // The help shows over a first drawing; else F1 (the ? button) shows it.
            if !app.nav.help { app.perform(.help) }
            let drawn = app.scene(width: 1280, height: 800).texts
            for w in drawing { #expect(drawn.contains(w), "\(w) not in the drawing's \(drawn)") }
            #expect(tr(one: "{n} phone", other: "{n} phones", count: 2) == (language == "es" ? "2 móviles" : "2 Handys"))
            #expect(tr("Player {n}", ["n": 3]) == (language == "es" ? "Jugador 3" : "Spieler 3"))
        }
    }

    @Test("A locale with no catalogue reads English, and says so")
    func english() throws {
        let words = try Self.words("en_US.UTF-8")
        #expect(words.language == "en")
        Words.$scoped.withValue(words) { #expect(tr("Back") == "Back") }
    }

    @Test("A message no catalogue has comes back whole, however many: gettext's answer is the pointer it was given, read before Swift's copy goes")
    func untranslatedComeBackWhole() throws {
        // Before the fix the answer was read after the temporary C string was freed: the window
        // crashed ("initialize overlapping range") or read another message's bytes.
        for locale in ["en_US.UTF-8", "es_ES.UTF-8"] {
            let words = try Self.words(locale)
            Words.$scoped.withValue(words) {
                for k in 0..<5000 {
                    // Short: a string of 15 bytes or fewer is kept inside its value, so its C
                    // string is a temporary copy (a long one's storage holds its own).
                    let message = k % 2 == 0 ? "Msg \(k)" : "An untranslated message, number \(k)"
                    #expect(tr(message) == message)
                    #expect(tr(one: message, other: message + "s", count: k % 3) == (k % 3 == 1 ? message : message + "s"))
                }
            }
        }
    }

    @Test("The two languages side by side on threads of their own never mix (no setlocale)")
    func sideBySide() async throws {
        let es = try Self.words("es_ES.UTF-8"), de = try Self.words("de_DE.UTF-8")
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for k in 0..<8 {
                let (words, want) = k % 2 == 0 ? (es, "Atrás") : (de, "Zurück")
                group.addTask { Words.$scoped.withValue(words) { (0..<500).allSatisfy { _ in tr("Back") == want } } }
            }
            for try await ok in group { #expect(ok) }
        }
    }

    @Test("The catalogue's language from its header; the locale folder from the environment, the binary, the source tree")
    func folderAndLanguage() throws {
        #expect(GettextWords.catalogueLanguage("Project-Id-Version: marble\nLanguage: es_ES\nMIME-Version: 1.0\n") == "es")
        #expect(GettextWords.catalogueLanguage("Language: de\n") == "de")
        #expect(GettextWords.catalogueLanguage("") == nil)
        #expect(LocaleFolder.find(environment: ["MARBLE_LOCALEDIR": "/x/locale"], executable: "/usr/bin/marble") == "/x/locale")
        let dir = try Self.folder.get()
        // A binary in <prefix>/bin with the catalogues in <prefix>/share/locale.
        let prefix = try TempFolder("gettext-prefix")
        try FileManager.default.createDirectory(atPath: prefix.path + "/share", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: prefix.path + "/share/locale", withDestinationPath: dir)
        #expect(LocaleFolder.find(environment: [:], executable: prefix.path + "/bin/marble") == prefix.path + "/share/locale")
        #expect(LocaleFolder.find(environment: [:], executable: "/nowhere/bin/marble", sourceTree: "/src/.build/locale") == "/src/.build/locale")
        #expect(LocaleFolder.sourceTreeLocale == Repository.root.appendingPathComponent(".build/locale").path)
    }
}
