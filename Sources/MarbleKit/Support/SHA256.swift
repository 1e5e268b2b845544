/// SHA-256 (FIPS 180-4), for canvas hashes.
///
/// Written here rather than taken from swift-crypto: MarbleKit stays free of C libraries
/// (swift-crypto wraps BoringSSL on Linux) and hashes only a few megabytes per replay.
/// Checked against the NIST test vectors in the tests.
public struct SHA256 {
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    public init() {}

    /// The digest of `bytes` as lowercase hex.
    public static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        var s = SHA256()
        s.update(bytes)
        return s.finalize().map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// The digest of `bytes` as lowercase hex.
    public static func hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hex($0) }
    }

    /// Adds bytes to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var i = 0
        if !pending.isEmpty {
            while pending.count < 64 && i < bytes.count { pending.append(bytes[i]); i += 1 }
            if pending.count == 64 {
                pending.withUnsafeBytes { compress($0, at: 0) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        while i + 64 <= bytes.count {
            compress(bytes, at: i)
            i += 64
        }
        while i < bytes.count { pending.append(bytes[i]); i += 1 }
    }

    /// The 32-byte digest.
    public mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for k in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(k) * 8))) }
        tail.withUnsafeBytes { raw in
            var o = 0
            while o < raw.count { compress(raw, at: o); o += 64 }
        }
        pending.removeAll()
        let words = [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7]
        return words.flatMap { w in (0..<4).map { UInt8(truncatingIfNeeded: w >> (24 - 8 * UInt32($0))) } }
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }

    /// One round, with the eight working variables passed in their roles: only d and h change
    /// (d += t1, h = t1 + t2), so eight rounds in a row, each passing the roles on by one, need
    /// no moves between them.
    @inline(__always)
    private static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
                              _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32) {
        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
        let ch = g ^ (e & (f ^ g))
        let t1 = h &+ s1 &+ ch &+ kw
        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
        let maj = (a & b) | (c & (a | b))
        d = d &+ t1
        h = t1 &+ s0 &+ maj
    }

    private mutating func compress(_ block: UnsafeRawBufferPointer, at offset: Int) {
        // A stack buffer: an array per 64-byte block would dominate the cost.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for t in 0..<16 {
                w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: offset + t * 4, as: UInt32.self))
            }
            for t in 16..<64 {
                let s0 = Self.rotr(w[t - 15], 7) ^ Self.rotr(w[t - 15], 18) ^ (w[t - 15] &>> 3)
                let s1 = Self.rotr(w[t - 2], 17) ^ Self.rotr(w[t - 2], 19) ^ (w[t - 2] &>> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = self.h
            Self.k.withUnsafeBufferPointer { k in
                for t in stride(from: 0, to: 64, by: 8) {
                    Self.round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
                    Self.round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ w[t + 1])
                    Self.round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ w[t + 2])
                    Self.round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ w[t + 3])
                    Self.round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ w[t + 4])
                    Self.round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ w[t + 5])
                    Self.round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ w[t + 6])
                    Self.round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ w[t + 7])
                }
            }
            self.h = (self.h.0 &+ a, self.h.1 &+ b, self.h.2 &+ c, self.h.3 &+ d,
                      self.h.4 &+ e, self.h.5 &+ f, self.h.6 &+ g, self.h.7 &+ h)
        }
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String {
        count >= n ? self : String(repeating: "0", count: n - count) + self
    }
}
