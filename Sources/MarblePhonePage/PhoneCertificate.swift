import Crypto
import Foundation
import MarbleKit
import SwiftASN1
import X509

/// The phone page's self-signed certificate: a P-256 key and a certificate naming this
/// machine's address, made once and kept in the store's `phone-page/` folder (both 0600), so a
/// phone that accepted its warning is not asked again until the browser forgets (about a week).
///
/// Made afresh only when missing, unreadable, about to expire (30 days), or not naming the
/// address served (the machine moved to another network).
public struct PhoneCertificate: Sendable {
    /// The certificate and key as PEM text (what libwebsockets reads from memory).
    public let certificatePEM: String
    public let keyPEM: String
    /// SHA-256 of the certificate's DER bytes, as colon-separated upper-case hex pairs (how
    /// browsers' certificate viewers show it).
    public let fingerprint: String

    static let lifetime: TimeInterval = 365 * 24 * 3600
    static let renewBefore: TimeInterval = 30 * 24 * 3600

    /// The folder's certificate for `host`, made and kept when needed; read and written through
    /// `io` (the environment's: `Environment.io`).
    public static func load(folder: String, host: String, io: FileIO, now: Date = Date()) throws(PhonePageProblem) -> PhoneCertificate {
        let certPath = folder + "/certificate.pem", keyPath = folder + "/key.pem"
        func text(_ path: String) -> String? { (try? io.wholeFile(path)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) } }
        if let cert = text(certPath), let key = text(keyPath),
           let kept = try? PhoneCertificate(certificatePEM: cert, keyPEM: key), kept.serves(host: host, now: now) {
            return kept
        }
        let made: PhoneCertificate
        do { made = try make(host: host, now: now) } catch { throw PhonePageProblem("cannot make the phone page's certificate: \(error)") }
        do {
            // Key first: a certificate without its key on disk would be remade anyway.
            try AtomicFile.write(Array(made.keyPEM.utf8), to: keyPath, mode: 0o600, io: io, makingFolders: true)
            try AtomicFile.write(Array(made.certificatePEM.utf8), to: certPath, mode: 0o600, io: io, makingFolders: true)
        } catch {
            throw PhonePageProblem("cannot keep the phone page's certificate in \(folder): \(error)")
        }
        return made
    }

    /// A new key and certificate for `host`, valid a year from `now`.
    static func make(host: String, now: Date) throws -> PhoneCertificate {
        let key = P256.Signing.PrivateKey()
        let certKey = Certificate.PrivateKey(key)
        let name = try DistinguishedName {
            CommonName("Marble phone page")
            OrganizationName("MarbleKit")
        }
        var sans: [GeneralName] = [.dnsName("localhost")]
        if let octets = PhonePageAddress.octets(host) { sans.insert(.ipAddress(ASN1OctetString(contentBytes: ArraySlice(octets))), at: 0) }
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            try ExtendedKeyUsage([.serverAuth])
            SubjectAlternativeNames(sans)
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: certKey.publicKey,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(lifetime),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions, issuerPrivateKey: certKey)
        return try PhoneCertificate(certificatePEM: certificate.serializeAsPEM().pemString, keyPEM: key.pemRepresentation)
    }

    init(certificatePEM: String, keyPEM: String) throws {
        let certificate = try Certificate(pemEncoded: certificatePEM)
        _ = try P256.Signing.PrivateKey(pemRepresentation: keyPEM)
        self.certificatePEM = certificatePEM
        self.keyPEM = keyPEM
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        fingerprint = SHA256.hash(data: serializer.serializedBytes).map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    /// Whether this certificate names `host` and stays valid a while after `now`.
    func serves(host: String, now: Date) -> Bool {
        guard let certificate = try? Certificate(pemEncoded: certificatePEM),
              certificate.notValidAfter > now.addingTimeInterval(Self.renewBefore),
              let sans = try? certificate.extensions.subjectAlternativeNames else { return false }
        guard let octets = PhonePageAddress.octets(host) else { return true }
        return sans.contains { if case .ipAddress(let a) = $0 { return Array(a.bytes) == octets } else { return false } }
    }
}
