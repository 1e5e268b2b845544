extension ExifOrientation {
    /// `rgba` (`width`×`height` RGBA8, rows top to bottom, as stored) turned and mirrored to
    /// stand upright; its width and height swap for 5…8.
    public func standUp(_ rgba: [UInt8], width: Int, height: Int) -> (width: Int, height: Int, rgba: [UInt8]) {
        guard value != 1, width > 0, height > 0, rgba.count == width * height * 4 else { return (width, height, rgba) }
        let (w, h) = swapsSides ? (height, width) : (width, height)
        // The upright picture's pixel (x, y) is the stored picture's pixel at
        // `origin + x * dx + y * dy` (in pixels): one walk per orientation, no branches inside.
        let last = width * height - 1
        let (origin, dx, dy): (Int, Int, Int)
        switch value {
        case 2: (origin, dx, dy) = (width - 1, -1, width)
        case 3: (origin, dx, dy) = (last, -1, -width)
        case 4: (origin, dx, dy) = (last - (width - 1), 1, -width)
        case 5: (origin, dx, dy) = (0, width, 1)
        case 6: (origin, dx, dy) = (last - (width - 1), -width, 1)
        case 7: (origin, dx, dy) = (last, -width, -1)
        default: (origin, dx, dy) = (width - 1, width, -1)  // 8
        }
        // Written straight into the array returned (no second copy): whole pixels as UInt32s,
        // through raw loads and stores, which need no binding of the bytes' type.
        let out = [UInt8](unsafeUninitializedCapacity: w * h * 4) { dst, done in
            rgba.withUnsafeBytes { src in
                let to = UnsafeMutableRawBufferPointer(dst)
                for y in 0..<h {
                    var from = origin + y * dy
                    let row = y * w
                    for x in 0..<w {
                        to.storeBytes(of: src.loadUnaligned(fromByteOffset: from * 4, as: UInt32.self), toByteOffset: (row + x) * 4, as: UInt32.self)
                        from += dx
                    }
                }
            }
            done = w * h * 4
        }
        return (w, h, out)
    }
}
