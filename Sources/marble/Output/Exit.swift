import ArgumentParser
import MarbleKit

/// The exit codes `marble` uses (from BSD's sysexits.h).
enum Exit {
    static let usage = ExitCode(64)
    static let badData = ExitCode(65)
    static let inputMissing = ExitCode(66)
    static let unavailable = ExitCode(69)
    static let cannotCreate = ExitCode(73)
    static let ioError = ExitCode(74)
    static let tempFail = ExitCode(75)
}

/// Prints `marble: message` on stderr.
func complain(_ message: String) {
    printError("marble: " + message)
}

/// Prints `message` on stderr, terminal-safe (`TerminalText.safe`).
func printError(_ message: String, newline: Bool = true) {
    writeError(TerminalText.safe(message) + (newline ? "\n" : ""))
}

/// Writes `text` on stderr exactly as it is: only for `marble`'s own control sequences (the
/// progress bar's carriage return and line clear), never for outside bytes.
func writeError(_ text: String) {
    var line = text
    // Unbuffered write(2): Swift 6 forbids touching the C library's shared `stderr` FILE.
    line.withUTF8 { buf in
        _ = POSIX.write(POSIX.standardError, buf.baseAddress, buf.count)
    }
}

/// Writes `text` and a newline to stdout at once, unbuffered, so lines show as they come even
/// through a pipe. Only for output that never mixes with `print` (which buffers). Terminal-safe
/// (`TerminalText.safe`).
func printOutput(_ text: String) {
    var line = TerminalText.safe(text) + "\n"
    line.withUTF8 { buf in
        var done = 0
        while done < buf.count {
            let n = POSIX.write(POSIX.standardOutput, buf.baseAddress! + done, buf.count - done)
            if n < 0 && POSIX.Errno.current == .interrupted { continue }
            if n <= 0 { return }
            done += n
        }
    }
}
