extension NumberParser {
    /// A decimal w · 10^q rounded exactly to a double by one or two 64×64-bit products with a
    /// table of powers of ten (Eisel–Lemire).
    ///
    /// The algorithm of Lemire, "Number Parsing at a Gigabyte per Second" (2021), as Go's strconv
    /// writes it (`eiselLemire64`): the table holds each 10^q's first 128 bits, rounded down; the
    /// product's first bits are the answer's unless they lie so near a rounding boundary that the
    /// dropped bits could cross it, and then the answer is nil (and a slower exact path decides).
    ///
    /// Written by hand because a log's numbers are the shortest round-trip forms of doubles, most
    /// of 16 or 17 digits: too long for the one-rounding path of 15, and the 80-bit path took
    /// 42 ns a number, a tenth of a four-marble replay (issue 30). Neither the standard library nor
    /// anything on this project's machines converts a decimal already split into digits and a
    /// power; `Double(String)` needs a string (an allocation and `strtod` each).
    ///
    /// The table covers 10⁻²⁷ … 10²⁷: 5²⁷ < 2⁶³, so every entry is made exactly at start-up with
    /// 64-bit arithmetic (no big integers, no copied constants).
    struct EiselLemire {
        /// The powers of ten the table holds.
        static let range = -27...27

        /// 10^q's first 128 bits (its top bit set), rounded down: high word at `2 (q − lower)`, low
        /// word after it.
        private let table: [UInt64]

        init() {
            var table: [UInt64] = []
            table.reserveCapacity(2 * Self.range.count)
            for q in Self.range {
                let (hi, lo) = Self.significand(ofTenToThe: q)
                table.append(hi)
                table.append(lo)
            }
            self.table = table
        }

        /// 10^q's first 128 bits, rounded down, for q in `range`.
        ///
        /// 10^q is 5^q · 2^q, and a power of two only moves the bits: the bits are 5^q's (exact in
        /// 64 bits for q ≤ 27) or, for q < 0, 1/5^|q|'s, found by long division one bit at a time.
        static func significand(ofTenToThe q: Int) -> (hi: UInt64, lo: UInt64) {
            var five: UInt64 = 1
            for _ in 0..<abs(q) { five &*= 5 }
            if q >= 0 { return (five << five.leadingZeroBitCount, 0) }
            // 1/five in binary: double the remainder, a bit of 1 where it reaches `five`. The
            // remainder stays below five < 2⁶³, so doubling it never overflows. Zeros before the
            // first 1 are skipped; the next 128 bits are kept, the rest dropped (rounding down).
            var remainder: UInt64 = 1, hi: UInt64 = 0, lo: UInt64 = 0, kept = 0
            while kept < 128 {
                remainder <<= 1
                let bit: UInt64 = remainder >= five ? 1 : 0
                if bit == 1 { remainder -= five }
                if kept == 0 && bit == 0 { continue }
                hi = hi << 1 | lo >> 63
                lo = lo << 1 | bit
                kept += 1
            }
            return (hi, lo)
        }

        /// w · 10^q rounded to the nearest double (ties to even), negated if `negative`; nil when
        /// the products cannot tell (then the caller's exact path decides) or when the result is
        /// not a normal double. Needs w > 0 and q in `range`.
        @inline(__always)
        func value(_ w: UInt64, times q: Int, negative: Bool) -> Double? {
            guard w != 0, q >= Self.range.lowerBound, q <= Self.range.upperBound else { return nil }
            // w normalized to its top bit; the answer's biased binary exponent, from
            // ⌊log2 10^q⌋ = ⌊217706 · q / 2¹⁶⌋ (exact for |q| ≤ 347).
            let zeros = w.leadingZeroBitCount
            let man = w &<< UInt64(zeros)
            var exponent = UInt64(truncatingIfNeeded: (217_706 &* q) &>> 16 &+ 64 &+ 1023) &- UInt64(zeros)
            let index = 2 &* (q &- Self.range.lowerBound)
            var (xHi, xLo) = table.withUnsafeBufferPointer { man.multipliedFullWidth(by: $0[index]) }
            // The low word of 10^q adds less than `man` to xLo: only if that can carry into the
            // bits that decide the rounding is the second product needed.
            if xHi & 0x1FF == 0x1FF && xLo &+ man < man {
                let (yHi, yLo) = table.withUnsafeBufferPointer { man.multipliedFullWidth(by: $0[index &+ 1]) }
                var mergedHi = xHi
                let mergedLo = xLo &+ yHi
                if mergedLo < xLo { mergedHi &+= 1 }
                // Still on the edge: the bits the table dropped could carry.
                if mergedHi & 0x1FF == 0x1FF && mergedLo &+ 1 == 0 && yLo &+ man < man { return nil }
                xHi = mergedHi
                xLo = mergedLo
            }
            // The first 54 bits: the double's 53 and the rounding bit.
            let top = xHi &>> 63
            var mantissa = xHi &>> (top &+ 9)
            exponent &-= 1 ^ top
            // Exactly halfway (nothing below the rounding bit): ties go to even, left to the exact path.
            if xLo == 0 && xHi & 0x1FF == 0 && mantissa & 3 == 1 { return nil }
            mantissa &+= mantissa & 1
            mantissa &>>= 1
            if mantissa &>> 53 > 0 {
                mantissa &>>= 1
                exponent &+= 1
            }
            // A subnormal, infinite or out-of-range result is left to the exact path.
            if exponent &- 1 >= 0x7FF - 1 { return nil }
            let sign: UInt64 = negative ? 1 << 63 : 0
            return Double(bitPattern: sign | exponent << 52 | mantissa & 0x000F_FFFF_FFFF_FFFF)
        }
    }
}
