import CCairo
import MarbleKit

/// Cairo stroking the same random walk, as the reference to beat.
///
/// An ARGB32 image surface cleared to white, default antialiasing, the benchmark's pen width,
/// round caps and joins. Surface setup and colour conversion happen before the clock starts.
enum CairoBench {
    /// One stroke per segment: `set_source_rgb`, `move_to`, `line_to`, `stroke`.
    static func perSegment(_ walk: RandomWalk) -> Run {
        let target = Surface(width: walk.width, height: walk.height)
        let cr = target.cr
        let points = walk.points, rgb = rgbColors(walk)
        let seconds = Timing.seconds {
            for k in 0..<rgb.count {
                let c = rgb[k]
                cairo_set_source_rgb(cr, c.r, c.g, c.b)
                cairo_move_to(cr, points[k].x, points[k].y)
                cairo_line_to(cr, points[k + 1].x, points[k + 1].y)
                cairo_stroke(cr)
            }
            cairo_surface_flush(target.surface)
        }
        return Run(seconds: seconds, checksum: target.checksum())
    }

    /// One stroke per `length` segments, in the colour of the run's first segment.
    static func polylines(_ walk: RandomWalk, length: Int) -> Run {
        let target = Surface(width: walk.width, height: walk.height)
        let cr = target.cr
        let points = walk.points, rgb = rgbColors(walk)
        let seconds = Timing.seconds {
            for start in stride(from: 0, to: rgb.count, by: length) {
                let end = min(start + length, rgb.count)
                let c = rgb[start]
                cairo_set_source_rgb(cr, c.r, c.g, c.b)
                cairo_move_to(cr, points[start].x, points[start].y)
                for k in start + 1...end {
                    cairo_line_to(cr, points[k].x, points[k].y)
                }
                cairo_stroke(cr)
            }
            cairo_surface_flush(target.surface)
        }
        return Run(seconds: seconds, checksum: target.checksum())
    }

    /// The segment colours as Cairo's 0...1 channels.
    static func rgbColors(_ walk: RandomWalk) -> [(r: Double, g: Double, b: Double)] {
        walk.colors.map { (Double($0.r) / 255, Double($0.g) / 255, Double($0.b) / 255) }
    }

    /// A white ARGB32 image surface and a context set up with the benchmark's pen.
    final class Surface {
        let surface: OpaquePointer
        let cr: OpaquePointer
        let height: Int
        let width: Int

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            cr = cairo_create(surface)
            precondition(cairo_status(cr) == CAIRO_STATUS_SUCCESS, "cairo_create failed")
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_set_line_width(cr, RasterBench.penWidth)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        }

        deinit {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }

        /// A checksum of the surface's pixels.
        func checksum() -> UInt64 {
            cairo_surface_flush(surface)
            let stride = Int(cairo_image_surface_get_stride(surface))
            let data = UnsafeRawBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * height)
            return Checksum.of(data, rows: height, rowBytes: width * 4, stride: stride)
        }
    }
}
