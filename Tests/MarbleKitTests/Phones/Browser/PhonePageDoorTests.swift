import MarbleKit
import Testing

@Suite("Who may drive through the phone page")
struct PhonePageDoorTests {
    /// A generator with a fixed seed, so keys repeat from run to run.
    struct Counter: RandomNumberGenerator {
        var n: UInt64 = 0
        mutating func next() -> UInt64 {
            n &+= 0x9E37_79B9_7F4A_7C15
            return n
        }
    }

    let seats = (0..<2).map { PhonePageSeat(token: .random(), player: $0, color: PlayerColors.color(of: $0)) }

    @Test("a token opens its seat once; the key brings the same page back")
    func tokenOnceKeyBack() throws {
        var door = PhonePageDoor()
        var g = Counter()
        _ = door.offer(seats)
        let opened = try door.hello(token: seats[1].token.text, using: &g).get()
        #expect(opened.seat == seats[1])
        #expect(opened.key.text.count == 22)
        let reused = door.hello(token: seats[1].token.text, using: &g)
        #expect(throws: PhonePageDoor.Refusal.usedToken) { try reused.get() }
        #expect(try door.back(key: opened.key.text).get() == seats[1])
        #expect(door.key(of: seats[1].token) == opened.key && door.key(of: seats[0].token) == nil)
        #expect(throws: PhonePageDoor.Refusal.unknownKey) { try door.back(key: seats[1].token.text).get() }
        let stranger = door.hello(token: PairingToken.random().text, using: &g)
        #expect(throws: PhonePageDoor.Refusal.unknownToken) { try stranger.get() }
    }

    @Test("a withdrawn seat refuses its token and its key; a fresh token opens it again")
    func withdrawn() throws {
        var door = PhonePageDoor()
        var g = Counter()
        _ = door.offer(seats)
        let opened = try door.hello(token: seats[0].token.text, using: &g).get()
        let fresh = PhonePageSeat(token: .random(), player: 0, color: seats[0].color)
        let withdrawn = door.offer([fresh, seats[1]])
        #expect(withdrawn == [seats[0].token])
        #expect(throws: PhonePageDoor.Refusal.unknownKey) { try door.back(key: opened.key.text).get() }
        let old = door.hello(token: seats[0].token.text, using: &g)
        #expect(throws: PhonePageDoor.Refusal.unknownToken) { try old.get() }
        let reopened = door.hello(token: fresh.token.text, using: &g)
        #expect(try reopened.get().seat.player == 0)
    }

    @Test("offering the same seats again keeps their keys")
    func sameOfferKeeps() throws {
        var door = PhonePageDoor()
        var g = Counter()
        _ = door.offer(seats)
        let opened = try door.hello(token: seats[0].token.text, using: &g).get()
        let withdrawn = door.offer(seats)
        #expect(withdrawn.isEmpty)
        #expect(try door.back(key: opened.key.text).get() == seats[0])
    }
}

@Suite("What marble says to a phone's page")
struct PhonePageReplyTests {
    @Test("welcome names the offered player; seat the player the page drives now; wait none; bye why, in one field")
    func lines() {
        let token = PairingToken.random(), key = PairingToken.random()
        let offered = PhonePageSeat(token: token, player: 0, color: PlayerColors.color(of: 0))
        let driven = PhonePageSeat(token: token, player: 2, color: RGBA8(0, 158, 115))
        #expect(PhonePageReply.welcome(key: key, seat: offered).line == "welcome,\(key),1,\(offered.colorHex)")
        #expect(PhonePageReply.seat(driven).line == "seat,3,#009e73")
        #expect(PhonePageReply.wait.line == "wait")
        #expect(PhonePageReply.bye("let go,\nnow").line == "bye,let gonow")
        #expect(PhonePageReply.seating(driven) == .seat(driven) && PhonePageReply.seating(nil) == .wait)
    }
}

@Suite("The phone page's message rate")
struct PhonePageRateTests {
    @Test("a burst passes, a flood past it is refused, and the bucket refills with time")
    func bucket() {
        var rate = PhonePageRate()
        let burst = rate.admit(Int(PhonePageRate.burst), now: 0)
        let past = rate.admit(1, now: 0)
        #expect(burst && !past)
        // Refilled at perSecond: 0.1 s later, 20 lines.
        let refilled = rate.admit(20, now: 0.1)
        let beyond = rate.admit(1, now: 0.1)
        #expect(refilled && !beyond)
        // A page's 60 readings a second always pass.
        var passed = 0
        for k in 0..<600 where rate.admit(1, now: 1 + Double(k) / 60) { passed += 1 }
        #expect(passed == 600)
    }
}

@Suite("The phone page's address")
struct PhonePageAddressTests {
    @Test("HOST[:PORT] parses; a bad one names what is wrong")
    func parse() throws {
        #expect(try PhonePageAddress.parse("192.168.1.20").get() == ("192.168.1.20", 26780))
        #expect(try PhonePageAddress.parse(":0").get() == (nil, 0))
        #expect(try PhonePageAddress.parse("").get() == (nil, 26780))
        #expect(try PhonePageAddress.parse("10.0.0.7:8443").get() == ("10.0.0.7", 8443))
        #expect(throws: PhonePageAddress.Problem.self) { try PhonePageAddress.parse("phone.local").get() }
        #expect(throws: PhonePageAddress.Problem.self) { try PhonePageAddress.parse("1.2.3.4:70000").get() }
        #expect(throws: PhonePageAddress.Problem.self) { try PhonePageAddress.parse("1.2.3.256").get() }
    }

    @Test("the URL carries the token after #; Host and Origin must be this server's own")
    func hostAndOrigin() {
        let a = PhonePageAddress(host: "192.168.1.20", port: 26780)
        let token = PairingToken.random()
        #expect(a.url(token: token) == "https://192.168.1.20:26780/#\(token)")
        #expect(a.acceptsHost("192.168.1.20:26780"))
        #expect(!a.acceptsHost("192.168.1.20"))
        #expect(!a.acceptsHost("evil.example:26780"))
        #expect(!a.acceptsHost(nil))
        #expect(a.acceptsOrigin("https://192.168.1.20:26780"))
        #expect(!a.acceptsOrigin("http://192.168.1.20:26780"))
        #expect(!a.acceptsOrigin("https://evil.example"))
        #expect(!a.acceptsOrigin(nil))
    }

    @Test("a seat's colour as the page's style takes it")
    func colorHex() {
        #expect(PhonePageSeat(token: .random(), player: 0, color: RGBA8(230, 159, 0)).colorHex == "#e69f00")
    }
}
