import MarbleJPEG
import MarblePictures
import Testing

@Suite("JPEG in")
struct JPEGTests {
    // JPEG is lossy: flat quadrants at quality 95, 4:4:4, come back within 8 of each channel
    // at their centres (measured: within 3); a decoder that got the colours or the channel
    // order wrong is off by 100 or more.
    static let tolerance = 8

    @Test("a JPEG decodes to about the colours it was made from")
    func colours() throws {
        let rgba = TestPictures.quadrants(width: 64, height: 48)
        let jpeg = try TestPictures.jpeg(rgba, width: 64, height: 48)
        let picture = try PictureFile.decode(bytes: jpeg, name: "quadrants.jpg")
        #expect(picture.format == .jpeg)
        #expect(picture.width == 64 && picture.height == 48)
        for (k, (x, y)) in [(16, 12), (48, 12), (16, 36), (48, 36)].enumerated() {
            let got = TestPictures.rgb(picture.rgba, width: 64, x: x, y: y)
            #expect(TestPictures.near(got, TestPictures.quadrantColours[k], Self.tolerance), "quadrant \(k): \(got)")
        }
        #expect(stride(from: 3, to: picture.rgba.count, by: 4).allSatisfy { picture.rgba[$0] == 255 })
    }

    /// For each orientation, the stored picture's quadrant (0 top left, 1 top right, 2 bottom
    /// left, 3 bottom right) that must land top left, and the one that must land top right.
    static let stored: [Int: (topLeft: Int, topRight: Int)] = [
        1: (0, 1), 2: (1, 0), 3: (3, 2), 4: (2, 3), 5: (0, 2), 6: (2, 0), 7: (3, 1), 8: (1, 3),
    ]

    @Test("each EXIF orientation 1–8 stands upright, in either byte order", arguments: 1...8)
    func orientation(_ value: Int) throws {
        // Upright the picture is 64×32: red top left, green top right. Stored, for 5–8 it is
        // 32×64, and red and green sit where that orientation's turn brings them from.
        let (w, h) = value >= 5 ? (32, 64) : (64, 32)
        let c = TestPictures.quadrantColours
        var colours = [[UInt8]](repeating: [0, 0, 0], count: 4)
        let place = Self.stored[value]!
        colours[place.topLeft] = c[0]
        colours[place.topRight] = c[1]
        let jpeg = try TestPictures.jpeg(TestPictures.quadrants(width: w, height: h, colours: colours), width: w, height: h)
        let exif = TestPictures.exifSegment(orientation: value, bigEndian: value % 2 == 0)
        let tagged = TestPictures.inserting(exif, into: jpeg, afterFirstSegment: value > 4)
        #expect(ExifOrientation.of(jpeg: tagged).value == value)
        let picture = try PictureFile.decode(bytes: tagged, name: "o\(value).jpg")
        #expect(picture.width == 64 && picture.height == 32)
        let topLeft = TestPictures.rgb(picture.rgba, width: 64, x: 8, y: 4)
        let topRight = TestPictures.rgb(picture.rgba, width: 64, x: 56, y: 4)
        let bottom = TestPictures.rgb(picture.rgba, width: 64, x: 8, y: 28)
        #expect(TestPictures.near(topLeft, c[0], Self.tolerance), "orientation \(value): top left is \(topLeft)")
        #expect(TestPictures.near(topRight, c[1], Self.tolerance), "orientation \(value): top right is \(topRight)")
        #expect(TestPictures.near(bottom, [0, 0, 0], Self.tolerance), "orientation \(value): bottom left is \(bottom)")
    }

    @Test("standing up a picture of many tiles matches EXIF's own definitions pixel for pixel", arguments: 1...8)
    func standUpTiles(_ value: Int) throws {
        // 130×70: two whole 64-pixel tiles and a part one across, one and a part down.
        let (w, h) = (130, 70)
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for i in 0..<(w * h) {
            rgba[i * 4] = UInt8(i & 255)
            rgba[i * 4 + 1] = UInt8((i >> 8) & 255)
            rgba[i * 4 + 2] = UInt8(i % 251)
        }
        let up = try #require(ExifOrientation(value)).standUp(rgba, width: w, height: h)
        let (uw, uh) = value >= 5 ? (h, w) : (w, h)
        #expect(up.width == uw && up.height == uh)
        var wrong = 0
        for y in 0..<uh {
            for x in 0..<uw {
                // The stored pixel that shows at (x, y) upright, as EXIF defines each orientation.
                let (sx, sy): (Int, Int) = switch value {
                case 1: (x, y)
                case 2: (w - 1 - x, y)
                case 3: (w - 1 - x, h - 1 - y)
                case 4: (x, h - 1 - y)
                case 5: (y, x)
                case 6: (y, h - 1 - x)
                case 7: (w - 1 - y, h - 1 - x)
                default: (w - 1 - y, x)
                }
                let got: Int = (y * uw + x) * 4, want: Int = (sy * w + sx) * 4
                if !up.rgba[got..<(got + 4)].elementsEqual(rgba[want..<(want + 4)]) { wrong += 1 }
            }
        }
        #expect(wrong == 0, "orientation \(value): \(wrong) pixels wrong")
    }

    @Test("malformed EXIF is orientation 1")
    func malformedExif() throws {
        let jpeg = try TestPictures.jpeg(TestPictures.quadrants(width: 16, height: 16), width: 16, height: 16)
        let good = TestPictures.exifSegment(orientation: 6, bigEndian: false)
        var cases: [[UInt8]] = []
        var badOrder = good; badOrder[10] = 0x58; cases.append(badOrder)       // "XI", not "II"
        var badMagic = good; badMagic[12] = 43; cases.append(badMagic)         // 43, not 42
        var farIFD = good; farIFD[14] = 0xF0; cases.append(farIFD)             // IFD0 past the end
        // 65535 entries claimed, the orientation's tag not among the two there: walks off the end.
        var manyEntries = good; manyEntries[18] = 0xFF; manyEntries[19] = 0xFF; manyEntries[32] = 0x13; cases.append(manyEntries)
        var wrongType = good; wrongType[34] = 4; cases.append(wrongType)       // LONG, not SHORT
        var nine = good; nine[40] = 9; cases.append(nine)                      // no orientation 9
        var longer = good; longer[2] = 0xFF; cases.append(longer)              // longer than the file
        cases.append(Array(good.prefix(20)))
        for (k, segment) in cases.enumerated() {
            let tagged = TestPictures.inserting(segment, into: jpeg)
            #expect(ExifOrientation.of(jpeg: tagged) == .upright, "case \(k)")
            _ = try? PictureFile.decode(bytes: tagged, name: "case\(k).jpg")
        }
        #expect(ExifOrientation.of(jpeg: TestPictures.inserting(good, into: jpeg)).value == 6)
        #expect(ExifOrientation.of(jpeg: []) == .upright)
        #expect(ExifOrientation.of(jpeg: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF]) == .upright)
    }

    @Test("a size hint decodes at the smallest DCT scale still at least the hint")
    func scaleHint() throws {
        let jpeg = try TestPictures.jpeg(TestPictures.quadrants(width: 1000, height: 800), width: 1000, height: 800)
        // 1/4 would be 250×200, narrower than 300; 3/8 is 375×300.
        let scaled = try PictureFile.decode(bytes: jpeg, name: "big.jpg", atLeast: (300, 200))
        #expect(scaled.width == 375 && scaled.height == 300)
        #expect(TestPictures.near(TestPictures.rgb(scaled.rgba, width: 375, x: 40, y: 40), TestPictures.quadrantColours[0], Self.tolerance))
        // A hint bigger than the picture decodes at full size, never scaled up.
        let full = try PictureFile.decode(bytes: jpeg, name: "big.jpg", atLeast: (2000, 2000))
        #expect(full.width == 1000 && full.height == 800)
        // 1/8 is 125×100, just enough.
        let eighth = try PictureFile.decode(bytes: jpeg, name: "big.jpg", atLeast: (125, 100))
        #expect(eighth.width == 125 && eighth.height == 100)
    }

    @Test("the size hint is upright: an orientation that swaps the sides swaps the hint")
    func scaleHintTurned() throws {
        // Stored 1000×500, upright (orientation 6) 500×1000. For an upright 120×240 the stored
        // sides need 240×120: 1/4 (250×125) does; had the hint not been swapped, 1/2 would be used.
        let jpeg = try TestPictures.jpeg(TestPictures.quadrants(width: 1000, height: 500), width: 1000, height: 500)
        let tagged = TestPictures.inserting(TestPictures.exifSegment(orientation: 6, bigEndian: true), into: jpeg)
        let picture = try PictureFile.decode(bytes: tagged, name: "portrait.jpg", atLeast: (120, 240))
        #expect(picture.width == 125 && picture.height == 250)
    }

    @Test("a progressive JPEG decodes; one of a thousand scans is refused fast")
    func progressiveScans() throws {
        let rgba = TestPictures.quadrants(width: 256, height: 256)
        let jpeg = try TestPictures.jpeg(rgba, width: 256, height: 256, progressive: true)
        let picture = try PictureFile.decode(bytes: jpeg, name: "progressive.jpg")
        #expect(TestPictures.near(TestPictures.rgb(picture.rgba, width: 256, x: 200, y: 200), TestPictures.quadrantColours[3], Self.tolerance))
        // The last scan (from its SOS to the end of image) a thousand times over: each scan is
        // a pass over the whole picture, the shape of a progressive decompression bomb.
        var lastScan = jpeg.count - 2
        while !(jpeg[lastScan] == 0xFF && jpeg[lastScan + 1] == 0xDA) { lastScan -= 1 }
        let scan = Array(jpeg[lastScan..<(jpeg.count - 2)])
        var bomb = Array(jpeg[..<(jpeg.count - 2)])
        for _ in 0..<1000 { bomb += scan }
        bomb += [0xFF, 0xD9]
        let start = ContinuousClock.now
        #expect(throws: PictureError.self) { try PictureFile.decode(bytes: bomb, name: "scans.jpg") }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("stray bytes before the end marker (as cameras write) leave the picture whole; a cut one is still refused")
    func strayBytes() throws {
        let rgba = TestPictures.quadrants(width: 64, height: 64)
        let jpeg = try TestPictures.jpeg(rgba, width: 64, height: 64)
        // "Corrupt JPEG data: 2 extraneous bytes before marker 0xd9": a warning, the picture whole.
        let stray = Array(jpeg[..<(jpeg.count - 2)]) + [0x12, 0x34, 0xFF, 0xD9]
        let picture = try PictureFile.decode(bytes: stray, name: "camera.jpg")
        #expect(TestPictures.near(TestPictures.rgb(picture.rgba, width: 64, x: 48, y: 48), TestPictures.quadrantColours[3], Self.tolerance))
        #expect(throws: PictureError.self) { try PictureFile.decode(bytes: Array(jpeg.prefix(jpeg.count * 2 / 3)), name: "cut.jpg") }
    }

    @Test("the header is read before decoding: 20000×20000 is refused from it, quickly")
    func tooBigFromHeader() throws {
        let jpeg = try TestPictures.jpeg(TestPictures.quadrants(width: 16, height: 16), width: 16, height: 16)
        let header = try JPEGImage.header(try TestPictures.jpeg(jpeg, claiming: 20000, 20000))
        #expect(header.width == 20000 && header.height == 20000)
        let start = ContinuousClock.now
        #expect(throws: JPEGError.self) { try JPEGImage.decode(try TestPictures.jpeg(jpeg, claiming: 20000, 20000)) }
        #expect(ContinuousClock.now - start < .seconds(1))
    }
}
