/// The one place the version is written: `marble --version` prints it, and the Makefile reads it
/// for the Debian package and the AppStream release (`make deb`).
enum MarbleVersion {
    static let number = "0.1.0"
}
