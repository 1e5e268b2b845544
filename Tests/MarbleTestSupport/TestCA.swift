import Foundation

/// A certificate authority made by the test (one day valid, by openssl), and a server
/// certificate it signed for 127.0.0.1: what a school's own CA or a NAS's would be.
public final class TestCA: @unchecked Sendable {
    public let folder: TempFolder
    /// The authority's certificate (PEM): what a teacher gives with `--ca`.
    public var certificate: String { folder.path("ca.pem") }
    /// The server's certificate (PEM, subjectAltName IP:127.0.0.1) and its key.
    public var serverCertificate: String { folder.path("server.pem") }
    public var serverKey: String { folder.path("server.key") }

    /// Makes the authority `name` and a server certificate for 127.0.0.1 signed by it.
    public init(_ name: String = "Test school CA") throws {
        folder = try TempFolder("test-ca")
        let san = folder.path("san.ext")
        try Data("subjectAltName=IP:127.0.0.1\n".utf8).write(to: URL(fileURLWithPath: san))
        try Self.openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1",
                          "-subj", "/CN=\(name)", "-keyout", folder.path("ca.key"), "-out", certificate])
        try Self.openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                          "-subj", "/CN=127.0.0.1", "-keyout", serverKey, "-out", folder.path("server.csr")])
        try Self.openssl(["x509", "-req", "-in", folder.path("server.csr"), "-CA", certificate, "-CAkey", folder.path("ca.key"),
                          "-CAcreateserial", "-days", "1", "-extfile", san, "-out", serverCertificate])
    }

    private static func openssl(_ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        p.arguments = args
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        let said = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw WebDAVTestServer.Failure(text: "openssl \(args.first ?? "") failed: \(String(decoding: said, as: UTF8.self))")
        }
    }
}
