import Testing
@testable import MarbleKit

/// SHA-256 against the NIST FIPS 180-4 example vectors.
@Suite("SHA-256")
struct SHA256Tests {
    @Test func emptyMessage() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func abc() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func twoBlockMessage() {
        let m = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(m) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func millionAs() {
        let m = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(m) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("feeding in pieces gives the same digest", arguments: [1, 3, 63, 64, 65, 1000])
    func pieces(_ size: Int) {
        let m = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var h = SHA256()
        var i = 0
        while i < m.count {
            let j = min(i + size, m.count)
            m[i..<j].withUnsafeBytes { h.update($0) }
            i = j
        }
        let hex = h.finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(hex == SHA256.hex(m))
    }
}
