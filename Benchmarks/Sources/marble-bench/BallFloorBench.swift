import Foundation

/// The least memory work a ball costs a frame, one ball against four, in the same run: a floor
/// under the marbles measurement's ratio on this machine.
///
/// With the software renderer, a frame showing a moved ball must at least put the canvas back
/// where the ball was (its rectangle read from the canvas texture, written to the window) and
/// put the ball's picture where it is now. This does only that, as plain row copies (no
/// blending, no painting, no physics, no SDL), for balls of the normal difficulty's sprite
/// (44 px square, radius 16) moving 7.5 px a frame (450 px/s at 60 Hz, the marbles
/// measurement's full tilt) over 1280×800 four-byte buffers, frames started on the same 60 Hz
/// grid, one ball and four taking turns in blocks of 100. Between frames the machine idles,
/// as it does in the app; what a frame then finds gone from the caches is what it pays for.
/// Whatever four balls cost here beyond one, a real frame of four marbles costs at least too.
enum BallFloorBench {
    static let side = 44
    static let step = 7.5

    /// One ball and four, moving over a window and a canvas texture of their own.
    final class Balls {
        let count: Int
        let window: UnsafeMutableRawPointer, texture: UnsafeMutableRawPointer, sprite: UnsafeMutableRawPointer
        var x: [Double], y: [Double], dx: [Double], dy: [Double]
        var times: [Double] = []
        let pitch = FrameBench.width * 4

        init(count: Int) {
            self.count = count
            let bytes = FrameBench.width * FrameBench.height * 4
            window = .allocate(byteCount: bytes, alignment: 64)
            texture = .allocate(byteCount: bytes, alignment: 64)
            sprite = .allocate(byteCount: BallFloorBench.side * BallFloorBench.side * 4, alignment: 64)
            window.initializeMemory(as: UInt8.self, repeating: 1, count: bytes)
            texture.initializeMemory(as: UInt8.self, repeating: 2, count: bytes)
            sprite.initializeMemory(as: UInt8.self, repeating: 3, count: BallFloorBench.side * BallFloorBench.side * 4)
            // Spread as a new drawing spreads its marbles: k/(N+1) of the width, mid-height.
            x = (0..<count).map { Double(FrameBench.width) * Double($0 + 1) / Double(count + 1) }
            y = Array(repeating: Double(FrameBench.height) / 2, count: count)
            dx = (0..<count).map { $0 % 2 == 0 ? BallFloorBench.step * 0.8 : -BallFloorBench.step * 0.8 }
            dy = (0..<count).map { $0 < 2 ? BallFloorBench.step * 0.6 : -BallFloorBench.step * 0.6 }
        }

        deinit {
            window.deallocate()
            texture.deallocate()
            sprite.deallocate()
        }

        /// One frame: each ball's old rectangle restored from the texture, then its picture copied in.
        func frame() {
            let side = BallFloorBench.side, row = side * 4
            for k in 0..<count {
                let (ox, oy) = (Int(x[k]) - side / 2, Int(y[k]) - side / 2)
                for r in 0..<side {
                    let at = (oy + r) * pitch + ox * 4
                    (window + at).copyMemory(from: texture + at, byteCount: row)
                }
                x[k] += dx[k]
                y[k] += dy[k]
                let half = Double(side)
                if x[k] < half || x[k] > Double(FrameBench.width) - half { dx[k] = -dx[k]; x[k] += 2 * dx[k] }
                if y[k] < half || y[k] > Double(FrameBench.height) - half { dy[k] = -dy[k]; y[k] += 2 * dy[k] }
                let (nx, ny) = (Int(x[k]) - side / 2, Int(y[k]) - side / 2)
                for r in 0..<side {
                    (window + (ny + r) * pitch + nx * 4).copyMemory(from: sprite + r * row, byteCount: row)
                }
            }
        }
    }

    /// The floor's frames, one ball and four; returns them (one ball's, four balls').
    static func run(frames: Int, block: Int = 100) -> (one: FrameStats, four: FrameStats) {
        let sets = [Balls(count: 1), Balls(count: 4)]
        var pacer = FramePacer()
        FrameTurns.run(sets.count, frames: frames, block: block) { i, timed in
            let t = Timing.seconds { sets[i].frame() }
            pacer.wait()
            if timed { sets[i].times.append(t) }
        }
        return (FrameStats(sets[0].times), FrameStats(sets[1].times))
    }
}
