import Foundation
import MarbleTestSupport
import Testing

/// What an install takes from the program: its version (from one place), its completions, and
/// the packaging files that name it.
@Suite("Install")
struct InstallTests {
    @Test("marble --version prints the number in Sources/marble/Version.swift, the one the package gets")
    func versionFromOnePlace() throws {
        let source = try String(contentsOf: Repository.root.appendingPathComponent("Sources/marble/Version.swift"), encoding: .utf8)
        let number = try #require(source.split(separator: "\"").dropFirst().first.map(String.init))
        let out = try MarbleProcess.run(["--version"])
        #expect(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == number)
        // Nothing else writes it down: the metainfo and the Debian changelog take it at build time.
        for file in ["packaging/org.marblekit.Marble.metainfo.xml", "packaging/debian/changelog.in", "packaging/debian/control.in"] {
            let text = try String(contentsOf: Repository.root.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("@VERSION@") && !text.contains(number), "\(file)")
        }
    }

    @Test("Completions for bash, zsh and fish name every subcommand")
    func completions() throws {
        for shell in ["bash", "zsh", "fish"] {
            let out = try MarbleProcess.run(["--generate-completion-script", shell])
            #expect(out.status == 0)
            for sub in ["play", "replay", "record", "import", "timelapse"] {
                #expect(out.stdout.contains(sub), "\(shell) completion lacks \(sub)")
            }
        }
    }

    @Test("The desktop entry launches marble with the app's icon, in Education and Game")
    func desktopEntry() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("packaging/org.marblekit.Marble.desktop"), encoding: .utf8)
        #expect(text.contains("Exec=marble play"))
        #expect(text.contains("Icon=org.marblekit.Marble"))
        #expect(text.contains("Categories=Education;Game;"))
        for size in [48, 128, 256] {
            let png = Repository.root.appendingPathComponent("packaging/icons/org.marblekit.Marble-\(size).png")
            let bytes = try Data(contentsOf: png)
            // The IHDR's width and height, big-endian at 16 and 20.
            let w = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(w == size && h == size, "\(png.lastPathComponent) is \(w)×\(h)")
        }
    }
}
