import Foundation
@testable import MarbleKit

/// What the tests of drawings over a picture share: a board, a stand-in picture codec, a store
/// with it, and samples with see-through paint and an eraser pass.
enum PictureStoreSupport {
    static let configuration = SessionConfiguration(mode: .real, difficulty: .normal, canvasWidth: 160, canvasHeight: 100)

    /// A 40×24 picture of stripes and a gradient fitted to the canvas (letterboxed top and bottom).
    static func board(kind: Board.Kind = .photo) -> Board {
        var picture: [UInt8] = []
        for y in 0..<24 {
            for x in 0..<40 {
                let stripe = (x / 5 + y / 4) % 2 == 0
                picture += [UInt8(x * 6), stripe ? 200 : 40, UInt8(y * 10), 255]
            }
        }
        return Board.fitting(picture, width: 40, height: 24, canvasWidth: configuration.canvasWidth,
                             canvasHeight: configuration.canvasHeight, background: configuration.background, kind: kind)!
    }

    /// A stand-in for libpng (MarbleKitTests link none): a file PictureChunk can walk (the PNG
    /// signature, chunks, IEND) holding the pixels as runs, so it is smaller than raw.
    static func encode(_ pixels: UnsafeRawBufferPointer, _ width: Int, _ height: Int) -> [UInt8] {
        var w = ByteWriter()
        w.u32(UInt32(width))
        w.u32(UInt32(height))
        var k = 0
        while k < pixels.count {
            var run = 1
            while k + 4 * run + 4 <= pixels.count, pixels[(k + 4 * run)..<(k + 4 * run + 4)].elementsEqual(pixels[k..<(k + 4)]) { run += 1 }
            w.u32(UInt32(run))
            w.raw(UnsafeRawBufferPointer(rebasing: pixels[k..<(k + 4)]))
            k += 4 * run
        }
        return PictureChunk.signature + chunk("tsRL", w.bytes) + chunk("IEND", [])
    }

    static func decode(_ bytes: [UInt8]) throws -> (pixels: [UInt8], width: Int, height: Int) {
        struct NotOurs: Error {}
        guard bytes.count > 20, Array(bytes[0..<8]) == PictureChunk.signature else { throw NotOurs() }
        let length = Int(bytes[8]) << 24 | Int(bytes[9]) << 16 | Int(bytes[10]) << 8 | Int(bytes[11])
        var r = ByteReader(bytes, from: 16, to: min(16 + length, bytes.count))
        let width = Int(try r.u32()), height = Int(try r.u32())
        var pixels: [UInt8] = []
        while !r.isAtEnd {
            let run = Int(try r.u32())
            let px = Array(try r.raw(4))
            for _ in 0..<run { pixels += px }
        }
        return (pixels, width, height)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        withUnsafeBytes(of: UInt32(data.count).bigEndian) { out += $0 }
        let body = Array(type.utf8) + data
        out += body
        withUnsafeBytes(of: CRC32.checksum(body).bigEndian) { out += $0 }
        return out
    }

    /// The store of `scratch` with the stand-in codec (or none: boards are then kept raw).
    static func store(_ scratch: StoreScratch, codec: Bool = true) throws -> DrawingStateStore {
        let encoder: Environment.PictureEncoder = { p, w, h in encode(p, w, h) }
        let decoder: Environment.PictureDecoder = { try decode($0) }
        return try DrawingStateStore(root: scratch.root, environment: Environment(
            clock: Environment.systemClock, monotonic: Environment.system.monotonic, io: .system,
            encodePicture: codec ? encoder : nil, decodePicture: codec ? decoder : nil))
    }

    /// `count` samples from time `t0`: loops with see-through paint (0.5, then 0.3), opaque
    /// paint, pen lifts, and an eraser pass; then the pen up for a while.
    static func samples(from t0: Double = 0, count: Int = 600, phase: Double = 0) -> [Sample] {
        (0..<count).map { i in
            let t = t0 + Double(i) / 60
            let a = phase + Double(i) / 40
            let part = i * 6 / count
            return Sample(t: t, tilt: Vec2(0.7 * cos(a), 0.6 * sin(1.3 * a)), heading: Double(i % 360),
                          penDown: part != 2 && i < count - 20, width: part == 4 ? 14 : nil, erase: part == 4,
                          opacity: [0.5, 0.3, 1, 0.5, 1, 1][part])
        }
    }

    /// A session over `board` fed `samples`: what a stored drawing must equal.
    static func reference(_ samples: [Sample], board: Board?) throws -> DrawingSession {
        let s = DrawingSession(configuration: configuration, board: board)
        for x in samples { try s.feed([x]) }
        return s
    }
}
