import Foundation
import MarbleKit
import MarbleTestSupport
import Synchronization
import Testing

/// Where a class folder's password may go: its origin, a kept password's binding, plain http://.
@Suite struct ClassTrustTests {
    @Test func originsAreSchemeHostAndPort() throws {
        #expect(try ClassAddress.parse("https://Cloud.School.example/dav/").origin == "https://cloud.school.example:443")
        #expect(try ClassAddress.parse("HTTP://laptop:8080").origin == "http://laptop:8080")
        #expect(try ClassAddress.parse("http://laptop/").origin == "http://laptop:80")
        #expect(try ClassAddress.parse("https://[::1]:8443/x").origin == "https://[::1]:8443")
        #expect(try ClassAddress.parse("https://cloud.example/s/Xk3eRt9qPz").origin == "https://cloud.example:443")
        #expect(try ClassAddress.parse("/srv/class").origin == "file://")
        // The same server written two ways is one origin; another port is another.
        #expect(try ClassAddress.parse("https://h.example:443/a/").origin == ClassAddress.parse("https://h.example/b/").origin)
        #expect(try ClassAddress.parse("https://h.example:8443/").origin != ClassAddress.parse("https://h.example/").origin)
    }

    @Test(arguments: ["http://h:0/", "http://h:65536/", "http://h:80x/", "http://h:/", "http://[::1/", "http://[::1]x/", "http://:80/"])
    func badPortsAreRefusedNamingTheAddress(_ text: String) {
        #expect {
            try ClassAddress.parse(text)
        } throws: { ($0 as? ClassProblem)?.description.hasPrefix(text) == true }
    }

    @Test func loopbackAndPlainHTTP() throws {
        for text in ["http://127.0.0.1:8080/", "http://localhost/", "http://[::1]:80/", "http://127.1.2.3/"] {
            #expect(try ClassAddress.parse(text).isLoopback, "\(text)")
            #expect(try !ClassAddress.parse(text).isPlainHTTPOffMachine, "\(text)")
        }
        for text in ["http://school.invalid/", "http://127.0.0.1.invalid/", "http://10.0.0.1/", "http://localhost.invalid/"] {
            #expect(try ClassAddress.parse(text).isPlainHTTPOffMachine, "\(text)")
        }
        #expect(try !ClassAddress.parse("https://school.invalid/").isPlainHTTPOffMachine)
    }

    /// A connector that records what it was handed and answers with a memory folder.
    final class Recorder: Sendable {
        let got = Mutex<[ClassCredentials]>([])
        var connect: Environment.ClassConnector {
            { _, credentials throws(ClassProblem) in
                self.got.withLock { $0.append(credentials) }
                return MemoryClassFolder()
            }
        }
    }

    @Test func aKeptPasswordGoesOnlyToItsOrigin() throws {
        let recorder = Recorder()
        let setup = try ClassSetup(url: "https://b.example/class/", user: "teacher")
        let forA = ClassKeptPassword(text: "pw-A", origin: "https://a.example:443")
        _ = try ClassConnection(setup: setup, kept: forA, ca: nil, connect: recorder.connect).transport()
        let forB = ClassKeptPassword(text: "pw-B", origin: "https://b.example:443")
        _ = try ClassConnection(setup: setup, kept: forB, ca: nil, connect: recorder.connect).transport()
        #expect(recorder.got.withLock { $0.map(\.password) } == [nil, "pw-B"])
        // A new setup at B: the one typed, else B's own kept, else asked for (A's is not sent).
        #expect(try ClassConnection.password(typed: "typed", for: setup, kept: forA) == "typed")
        #expect(try ClassConnection.password(typed: nil, for: setup, kept: forB) == "pw-B")
        #expect(throws: ClassProblem.passwordNeeded("https://b.example/class/", keptFor: "https://a.example:443")) {
            try ClassConnection.password(typed: nil, for: setup, kept: forA)
        }
        // No sign-in at B: nothing to ask, nothing sent.
        #expect(try ClassConnection.password(typed: nil, for: try ClassSetup(url: "https://b.example/class/"), kept: forA) == nil)
        #expect(!"\(forA)".contains("pw-A") && !String(reflecting: forA).contains("pw-A"))
    }

    @Test func signingInOverPlainHTTPToAnotherMachineIsRefusedBeforeConnecting() throws {
        let recorder = Recorder()
        let plain = try ClassSetup(url: "http://school.invalid/class/", user: "teacher")
        let connection = ClassConnection(setup: plain, password: "pw", connect: recorder.connect)
        #expect(throws: ClassProblem.plainHTTP("http://school.invalid/class/")) { try connection.transport() }
        #expect(recorder.got.withLock { $0.isEmpty })
        #expect(ClassProblem.plainHTTP("http://school.invalid/class/").description.contains("https://"))
        // Allowed by the teacher, loopback, or without a sign-in: connected.
        for setup in [try ClassSetup(url: "http://school.invalid/class/", user: "teacher", allowPlainHTTP: true),
                      try ClassSetup(url: "http://127.0.0.1:8080/class/", user: "teacher"),
                      try ClassSetup(url: "http://school.invalid/class/")] {
            _ = try ClassConnection(setup: setup, password: "pw", connect: recorder.connect).transport()
        }
        #expect(recorder.got.withLock { $0.map(\.trust.allowPlainHTTP) } == [true, false, false])
    }

    @Test func aPasswordKeptBeforeOriginsIsBoundToTheSetupSavedWithIt() throws {
        let temp = try TempFolder("trust")
        let file = ClassSetupFile(storeRoot: temp.path, io: .system)
        try file.save(try ClassSetup(url: "https://dav.school.example/class/", user: "teacher"))
        try Data("old-pw\n".utf8).write(to: URL(fileURLWithPath: temp.path("class/password")))
        #expect(try file.keptPassword() == ClassKeptPassword(text: "old-pw", origin: "https://dav.school.example:443"))
        try file.savePassword("new pw ", for: "https://dav.school.example:443")
        #expect(try file.keptPassword() == ClassKeptPassword(text: "new pw ", origin: "https://dav.school.example:443"))
        try file.savePassword("", for: "http://127.0.0.1:80")
        #expect(try file.keptPassword() == ClassKeptPassword(text: "", origin: "http://127.0.0.1:80"))
        // Damaged: named, and its text (a password) not told.
        try Data("marble-class-password 1\nsecret-ish\n".utf8).write(to: URL(fileURLWithPath: temp.path("class/password")))
        #expect {
            try file.keptPassword()
        } throws: { "\($0)".contains("class/password") && !"\($0)".contains("secret-ish") }
        // A legacy password with no setup to bind it to goes nowhere.
        try FileManager.default.removeItem(atPath: temp.path("class/setup.json"))
        try Data("old-pw\n".utf8).write(to: URL(fileURLWithPath: temp.path("class/password")))
        #expect(try file.keptPassword()?.origin == nil)
    }

    @Test func aSetupSavedBeforeTrustReadsAsBefore() throws {
        let temp = try TempFolder("trust-old")
        try FileManager.default.createDirectory(atPath: temp.path("class"), withIntermediateDirectories: true)
        _ = try temp.write(#"{"names":["Ada"],"url":"https://dav.example/x/","user":"t"}"#, to: "class/setup.json")
        let setup = try #require(try ClassSetupFile(storeRoot: temp.path, io: .system).load())
        #expect(!setup.allowsPlainHTTP && setup.ca == nil && setup.names == ["Ada"])
    }

    @Test func theSchoolsAuthorityIsKeptByItsHashAndChecked() throws {
        let temp = try TempFolder("trust-ca")
        let file = ClassSetupFile(storeRoot: temp.path, io: .system)
        let pem = Array("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".utf8)
        try ClassSetupFile.checkCA(pem, source: "ca.pem")
        #expect(throws: ClassProblem.self) { try ClassSetupFile.checkCA(Array("-----BEGIN PRIVATE KEY-----\n".utf8), source: "key.pem") }
        #expect(throws: ClassProblem.self) { try ClassSetupFile.checkCA([UInt8](repeating: 65, count: ClassSetupFile.caLimit + 1), source: "big.pem") }
        let name = try file.saveCA(pem)
        let setup = try ClassSetup(url: "https://nas.example/class/").trusting(ca: name)
        #expect(try file.ca(of: setup) == pem)
        // Changed behind marble's back: named, not used.
        try Data("-----BEGIN CERTIFICATE-----\nother\n-----END CERTIFICATE-----\n".utf8).write(to: URL(fileURLWithPath: temp.path("class/" + name)))
        #expect { try file.ca(of: setup) } throws: { "\($0)".contains(name) }
        #expect { try file.ca(of: setup.trusting(ca: "../../etc/passwd")) } throws: { "\($0)".contains("setup.json") }
    }
}
