/// Painting four pixels at once: a colour, or each lane its own (wiping back to the board).
extension PixelBuffer.Quad {
    /// Paints the lanes in `mask` with `coverage`/255 of `color` in layer `layer`,
    /// reached at arc lengths `stamp`.
    ///
    /// Lane by lane: a pixel last touched by the same layer within `window` px of arc keeps the
    /// larger coverage and takes the new stamp; anything else starts a new layer on top of what
    /// is there. Lanes outside `mask` keep what they hold.
    @inline(__always)
    mutating func paint(mask: PixelBuffer.Mask, coverage: SIMD4<UInt32>,
                        color: UInt32, layer: UInt32, stamp: SIMD4<Float>, window: Float) {
        let layerKey = SIMD4(repeating: layer << 8)
        let sameLayer = bitAnd(keys, SIMD4(repeating: 0xFFFF_FF00)) .== layerKey
        let merge = sameLayer .& (stamp - stamps .<= SIMD4(repeating: window))
        let newKey = layerKey &+ coverage
        // A merge that does not raise the coverage only moves the stamp (within the layer,
        // comparing keys compares coverages).
        let write = mask .& .!(merge .& (newKey .<= keys))
        let base = select(merge, bases, pixels)
        pixels = select(write, PixelBuffer.mix(base, color, coverage), pixels)
        keys = select(write, newKey, keys)
        bases = select(mask, base, bases)
        stamps = select(mask, stamp, stamps)
    }

    /// As `paint(mask:coverage:color:…)`, each lane with its own colour (wiping back to the board).
    @inline(__always)
    mutating func paint(mask: PixelBuffer.Mask, coverage: SIMD4<UInt32>,
                        colors: SIMD4<UInt32>, layer: UInt32, stamp: SIMD4<Float>, window: Float) {
        let layerKey = SIMD4(repeating: layer << 8)
        let sameLayer = bitAnd(keys, SIMD4(repeating: 0xFFFF_FF00)) .== layerKey
        let merge = sameLayer .& (stamp - stamps .<= SIMD4(repeating: window))
        let newKey = layerKey &+ coverage
        let write = mask .& .!(merge .& (newKey .<= keys))
        let base = select(merge, bases, pixels)
        pixels = select(write, PixelBuffer.mix(base, lanes: colors, coverage), pixels)
        keys = select(write, newKey, keys)
        bases = select(mask, base, bases)
        stamps = select(mask, stamp, stamps)
    }
}

/// Four pixels reaching into rows another thread paints: loaded and stored lane by lane, up to them.
extension PixelBuffer.Planes {
    /// Loads pixels `i ..< end` (fewer than four) into the first lanes; the others are zero.
    func load(_ i: Int, before end: Int) -> PixelBuffer.Quad {
        var q = PixelBuffer.Quad(pixels: .zero, bases: .zero, keys: .zero, stamps: .zero)
        for k in 0..<(end - i) {
            q.pixels[k] = pixels[i + k]
            q.bases[k] = bases[i + k]
            q.keys[k] = keys[i + k]
            q.stamps[k] = stamps[i + k]
        }
        return q
    }

    /// Stores the first lanes of `quad` at pixels `i ..< end` (fewer than four), and no others.
    func store(_ quad: PixelBuffer.Quad, at i: Int, before end: Int) {
        for k in 0..<(end - i) {
            pixels[i + k] = quad.pixels[k]
            bases[i + k] = quad.bases[k]
            keys[i + k] = quad.keys[k]
            stamps[i + k] = quad.stamps[k]
        }
    }
}
