import Foundation
import MarbleTestSupport
import Testing

/// Where the school's password may go: only to the server it was given for, never over plain
/// http:// to another machine unless the teacher says so, and to https:// servers whose
/// certificate the system or the school's own authority vouches for (real Apache, mod_ssl).
@Suite("marble class set: the password's trust")
struct ClassTrustCommandTests {
    @Test func aKeptPasswordIsNeverSentToAnotherServer() throws {
        let shared = try webDAVServer()
        let (urlA, _) = try classFolder(shared)
        let machine = try ClassMachine("origin")
        #expect(try machine.setClass(urlA).status == 0)
        let before = machine.classFiles()
        // Another server (another port: another origin) that writes down every Authorization it gets.
        let other = try WebDAVTestServer(logAuth: true)
        let (urlB, diskB) = try classFolder(other)

        // The address changes and no password is given: asked for, before anything is sent.
        let moved = try machine.run(["class", "set", urlB, "--user", WebDAVTestServer.user])
        #expect(moved.status == 64, "\(moved.stderr)")
        #expect(moved.stderr.contains(urlB) && moved.stderr.contains("password"), "\(moved.stderr)")
        #expect(!moved.stderr.contains(WebDAVTestServer.password) && !moved.stdout.contains(WebDAVTestServer.password))
        #expect(other.authLog.isEmpty, "\(other.authLog)")
        #expect(machine.classFiles() == before)
        #expect(filesUnder(diskB).isEmpty)

        // Given for it: set, and the new server is signed in to.
        #expect(try machine.setClass(urlB).status == 0)
        #expect(!other.authLog.isEmpty && other.authLog.allSatisfy { !$0.hasSuffix("auth=-") }, "\(other.authLog)")
        // The same server again without a password: the one kept for it stays.
        let names = try machine.run(["class", "set", urlB, "--user", WebDAVTestServer.user, "--names", "Ada"])
        #expect(names.status == 0, "\(names.stderr)")
        let id = try machine.draw()
        #expect(try machine.run(["class", "hand-in", id, "--name", "Ada"]).status == 0)
        #expect(filesUnder(diskB).count == 2)
    }

    @Test func plainHTTPToAnotherMachineIsRefusedBeforeAnyConnection() throws {
        let machine = try ClassMachine("plain")
        let url = "http://school.invalid/class/"
        let refused = try machine.setClass(url)
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("school.invalid") && refused.stderr.contains("https://"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-plain-http"), "\(refused.stderr)")
        // Refused before resolving the name: nothing was tried.
        #expect(!refused.stderr.contains("resolve"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(WebDAVTestServer.password))
        #expect(!FileManager.default.fileExists(atPath: machine.store + "/class"))
        // Allowed by the teacher: it is tried (and this name never resolves); nothing saved.
        let allowed = try machine.setClass(url, ["--allow-plain-http"])
        #expect(allowed.status == 75, "\(allowed.stderr)")
        #expect(allowed.stderr.contains("resolve"), "\(allowed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: machine.store + "/class/setup.json"))
    }

    @Test func aWrongPasswordIsRefusedNamingItAndNothingIsSaved() throws {
        let server = try webDAVServer()
        let (url, _) = try classFolder(server)
        let machine = try ClassMachine("wrong")
        #expect(try machine.setClass(url, names: "Ada").status == 0)
        let before = machine.classFiles()
        let wrong = try machine.setClass(url, names: "Ada, Ben", password: "not-the-one")
        #expect(wrong.status == 69, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("password is wrong"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("not-the-one") && !wrong.stderr.contains(WebDAVTestServer.password))
        #expect(machine.classFiles() == before)
    }

    @Test func aPasswordChangedOnTheServerWaitsUntilSetAgainThenGoesOnce() throws {
        let server = try WebDAVTestServer()
        let (url, disk) = try classFolder(server)
        let machine = try ClassMachine("changed")
        #expect(try machine.setClass(url).status == 0)
        try server.setPassword("new-secret")
        let id = try machine.draw()
        let handIn = try machine.run(["class", "hand-in", id])
        #expect(handIn.status == 75, "\(handIn.stderr)")
        #expect(handIn.stderr.contains("password"), "\(handIn.stderr)")
        let send = try machine.run(["class", "send"])
        #expect(send.status == 75 && send.stderr.contains("password"), "\(send.stderr)")
        #expect(try machine.status().first?["state"] as? String == "waiting")
        #expect(filesUnder(disk).isEmpty)
        let set = try machine.setClass(url, password: "new-secret")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(!set.stdout.contains("new-secret") && !set.stderr.contains("new-secret"))
        #expect(try machine.run(["class", "send"]).status == 0)
        #expect(try machine.run(["class", "send"]).status == 0)
        let status = try machine.status()
        #expect(status.count == 1 && status.first?["state"] as? String == "sent", "\(status)")
        #expect(filesUnder(disk).count == 2, "\(filesUnder(disk))")
    }

    @Test func httpsWithTheSchoolsOwnAuthority() throws {
        let ca = try TestCA()
        let server = try WebDAVTestServer(tls: (ca.serverCertificate, ca.serverKey))
        let (url, disk) = try classFolder(server)
        #expect(url.hasPrefix("https://127.0.0.1:"))
        let machine = try ClassMachine("tls")

        // The system does not know the school's authority: refused, saying why.
        let unknown = try machine.setClass(url)
        #expect(unknown.status == 69, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("certificate") && unknown.stderr.contains("--ca"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: machine.store + "/class"))
        // Another authority does not vouch for this server either.
        let another = try TestCA("Another school CA")
        let wrong = try machine.setClass(url, ["--ca", another.certificate])
        #expect(wrong.status == 69 && wrong.stderr.contains("certificate"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: machine.store + "/class"))
        // A file that is no certificate, or none at all: named, nothing saved, no key printed.
        let key = try machine.setClass(url, ["--ca", ca.serverKey])
        #expect(key.status == 65 && key.stderr.contains(ca.serverKey) && key.stderr.contains("certificate"), "\(key.stderr)")
        #expect(!key.stderr.contains("PRIVATE KEY"))
        let missing = try machine.setClass(url, ["--ca", machine.folder.path("no-such.pem")])
        #expect(missing.status == 66 && missing.stderr.contains("no-such.pem"), "\(missing.stderr)")
        let big = machine.folder.path("big.pem")
        try Data(repeating: 65, count: 4 << 20).write(to: URL(fileURLWithPath: big))
        let huge = try machine.setClass(url, ["--ca", big])
        #expect(huge.status == 65 && huge.stderr.contains("big.pem") && huge.stderr.contains("KB"), "\(huge.stderr)")
        let folder = try machine.setClass(url, ["--ca", machine.folder.path("home")])
        #expect(folder.status == 66 && folder.stderr.contains("home"), "\(folder.stderr)")
        let plain = try machine.run(["class", "set", "/srv/class", "--ca", ca.certificate])
        #expect(plain.status == 64 && plain.stderr.contains("https://"), "\(plain.stderr)")
        #expect(!FileManager.default.fileExists(atPath: machine.store + "/class"))

        // The school's authority: set, kept in the store (the teacher's copy may go).
        let teachersCopy = machine.folder.path("school-ca.pem")
        try FileManager.default.copyItem(atPath: ca.certificate, toPath: teachersCopy)
        let set = try machine.setClass(url, names: "Ada", ["--ca", teachersCopy])
        #expect(set.status == 0, "\(set.stderr)")
        try FileManager.default.removeItem(atPath: teachersCopy)
        let kept = try FileManager.default.contentsOfDirectory(atPath: machine.store + "/class").filter { $0.hasPrefix("ca-") }
        #expect(kept.count == 1)
        let id = try machine.draw()
        let handIn = try machine.run(["class", "hand-in", id, "--name", "Ada"])
        #expect(handIn.status == 0, "\(handIn.stderr)")
        #expect(filesUnder(disk).count == 2)
        // The names changed on the same server without --ca: the authority kept stays.
        let again = try machine.setClass(url, names: "Ada, Ben")
        #expect(again.status == 0, "\(again.stderr)")
    }
}
