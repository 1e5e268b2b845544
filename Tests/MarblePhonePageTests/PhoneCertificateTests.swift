import Foundation
import MarbleKit
@testable import MarblePhonePage
import MarbleTestSupport
import Testing

@Suite("The phone page's certificate")
struct PhoneCertificateTests {
    @Test("made once, kept 0600, the same fingerprint on the next launch")
    func keptAndReused() throws {
        let folder = try TempFolder("certificate")
        let first = try PhoneCertificate.load(folder: folder.path("phone-page"), host: "192.168.1.20", io: .system)
        for name in ["certificate.pem", "key.pem"] {
            let mode = try FileManager.default.attributesOfItem(atPath: folder.path("phone-page/\(name)"))[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(name)")
        }
        #expect(first.fingerprint.split(separator: ":").count == 32)
        let again = try PhoneCertificate.load(folder: folder.path("phone-page"), host: "192.168.1.20", io: .system)
        #expect(again.fingerprint == first.fingerprint)
        #expect(again.keyPEM == first.keyPEM)
    }

    @Test("made afresh for another address, or when the kept one is damaged")
    func remade() throws {
        let folder = try TempFolder("certificate")
        let first = try PhoneCertificate.load(folder: folder.path("phone-page"), host: "192.168.1.20", io: .system)
        let moved = try PhoneCertificate.load(folder: folder.path("phone-page"), host: "10.0.0.5", io: .system)
        #expect(moved.fingerprint != first.fingerprint)
        _ = try folder.write("not a certificate", to: "phone-page/certificate.pem")
        let repaired = try PhoneCertificate.load(folder: folder.path("phone-page"), host: "10.0.0.5", io: .system)
        #expect(repaired.fingerprint != moved.fingerprint)
    }

    @Test("expiring within 30 days is remade")
    func expiring() throws {
        let folder = try TempFolder("certificate")
        let old = Date().addingTimeInterval(-340 * 24 * 3600)
        let first = try PhoneCertificate.load(folder: folder.path("phone-page"), host: "127.0.0.1", io: .system, now: old)
        let now = try PhoneCertificate.load(folder: folder.path("phone-page"), host: "127.0.0.1", io: .system)
        #expect(now.fingerprint != first.fingerprint)
    }

    @Test("read and written through the io it is given: a full disk is a clear refusal, and no key is left")
    func throughTheGivenIO() throws {
        let folder = try TempFolder("certificate")
        let full = FileIO(write: { _, _, _ in
            POSIX.Errno.current = .noSpace
            return -1
        }, read: FileIO.system.read)
        #expect {
            try PhoneCertificate.load(folder: folder.path("phone-page"), host: "127.0.0.1", io: full)
        } throws: { error in
            "\(error)".contains("cannot keep the phone page's certificate")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("phone-page/key.pem")))
        // A read that fails is a certificate not kept: a new one is made (and kept).
        let kept = try PhoneCertificate.load(folder: folder.path("phone-page"), host: "127.0.0.1", io: .system)
        let unreadable = FileIO(write: FileIO.system.write, read: { _, _, _ in
            POSIX.Errno.current = .ioFailed
            return -1
        })
        #expect(try PhoneCertificate.load(folder: folder.path("phone-page"), host: "127.0.0.1", io: unreadable).fingerprint != kept.fingerprint)
    }
}
