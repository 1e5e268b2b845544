import MarbleKit
import Testing

/// Reading a class folder's address as a teacher types it.
@Suite struct ClassAddressTests {
    @Test func webDAVFolderGetsItsTrailingSlash() throws {
        #expect(try ClassAddress.parse(" https://cloud.school.example/remote.php/dav/files/class3/Marble ")
                == .webDAV(url: "https://cloud.school.example/remote.php/dav/files/class3/Marble/", linkUser: nil, isDrop: false))
        #expect(try ClassAddress.parse("http://127.0.0.1:8080") == .webDAV(url: "http://127.0.0.1:8080/", linkUser: nil, isDrop: false))
    }

    @Test func nextcloudFileDropIsItsPublicWebDAVEndpoint() throws {
        #expect(try ClassAddress.parse("https://cloud.school.example/s/Xk3eRt9qPz")
                == .webDAV(url: "https://cloud.school.example/public.php/webdav/", linkUser: "Xk3eRt9qPz", isDrop: true))
        #expect(try ClassAddress.parse("https://school.example/nextcloud/index.php/s/Xk3eRt9qPz/")
                == .webDAV(url: "https://school.example/nextcloud/public.php/webdav/", linkUser: "Xk3eRt9qPz", isDrop: true))
    }

    @Test func plainFolders() throws {
        #expect(try ClassAddress.parse("/mnt/class/") == .folder(path: "/mnt/class"))
        #expect(try ClassAddress.parse("file:///srv/class3") == .folder(path: "/srv/class3"))
    }

    @Test(arguments: ["", "ftp://x/y", "cloud.example/dav", "https://user:pw@host/dav", "https:///dav", "https://h/dav?x=1", "file://relative"])
    func refusedWithAReason(_ text: String) {
        #expect(throws: ClassProblem.self) { try ClassAddress.parse(text) }
    }

    @Test func namesBecomeSafeFolders() {
        #expect(ClassNames.folder(for: "  Zoë  Müller ") == "Zoë Müller")
        #expect(ClassNames.folder(for: "../etc/passwd") == "etc_passwd")
        #expect(ClassNames.folder(for: "///") == "")
        #expect(ClassNames.isSafe("Zoë Müller"))
        #expect(!ClassNames.isSafe(".."))
        #expect(!ClassNames.isSafe("a/b"))
    }

    @Test func namesTypedWithCommas() throws {
        #expect(try ClassSetup.names(from: "Ada, Ben,,  Cleo ") == ["Ada", "Ben", "Cleo"])
        #expect(throws: ClassProblem.self) { try ClassSetup.names(from: "Ada, ada") }
        #expect(throws: ClassProblem.self) { try ClassSetup.names(from: "Ada, ???") }
    }

    @Test func lastChildComesFirst() throws {
        var setup = try ClassSetup(url: "/mnt/class", names: ["Ada", "Ben", "Cleo"])
        #expect(setup.namesLastFirst == ["Ada", "Ben", "Cleo"])
        setup.handedIn(by: "Cleo")
        #expect(setup.namesLastFirst == ["Cleo", "Ada", "Ben"])
        setup.handedIn(by: "Nobody")
        #expect(setup.namesLastFirst == ["Cleo", "Ada", "Ben"])
    }
}

/// A hand-in's code: six characters without look-alikes.
@Suite struct DrawingCodeTests {
    @Test func randomCodesAreSixOfTheAlphabet() {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<1000 {
            let c = DrawingCode.random(using: &g)
            #expect(c.text.utf8.count == 6)
            #expect(c.text.utf8.allSatisfy { DrawingCode.alphabet.contains($0) })
            #expect(DrawingCode(c.text) == c)
        }
    }

    @Test func noLookAlikes() {
        for ch in "0O1IL5S2Z8BUV" { #expect(!DrawingCode.alphabet.contains(UInt8(ascii: ch.unicodeScalars.first!))) }
    }

    @Test func typedCodesForgiveCaseSpacesAndDashes() {
        #expect(DrawingCode("k7q-x3m")?.text == "K7QX3M")
        #expect(DrawingCode(" K7Q X3M ")?.text == "K7QX3M")
        #expect(DrawingCode("K7QX3") == nil)
        #expect(DrawingCode("K7QX3MM") == nil)
        #expect(DrawingCode("K7QX30") == nil)
    }

    @Test func codeInAHandedInName() {
        #expect(ClassPull.code(inName: "20261127-101500-a3f9-K7QX3M.png") == "K7QX3M")
        #expect(ClassPull.code(inName: "20261127-101500-a3f9-K7QX3M-2.png") == "K7QX3M")
        #expect(ClassPull.code(inName: "holiday.png") == nil)
    }

    @Test func backoffDoublesToFiveMinutes() {
        #expect(HandIn.backoff(afterTries: 1) == 2)
        #expect(HandIn.backoff(afterTries: 2) == 4)
        #expect(HandIn.backoff(afterTries: 5) == 32)
        #expect(HandIn.backoff(afterTries: 9) == 300)
        #expect(HandIn.backoff(afterTries: 1000) == 300)
    }
}
