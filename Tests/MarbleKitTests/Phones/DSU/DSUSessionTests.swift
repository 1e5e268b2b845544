import MarbleKit
import MarbleTestSupport
import Testing

/// The client's state and its socket, against a server of the tests' own on 127.0.0.1.
@Suite("DSU session")
struct DSUSessionTests {
    static func report(_ i: Int, slot: UInt8 = 0) -> DSUPadData {
        DSUPadData(slot: slot, packetNumber: UInt32(i), timestampUS: UInt64(i) * 10_000,
                   accelerometer: (0, -1, 0), gyro: (0, 0, 0))
    }

    @Test("One request at once, then one a second and nothing between")
    func asksOnceASecond() {
        var s = DSUSession(senderID: 1)
        #expect(s.requestDue(now: 10) != nil)
        #expect(s.requestDue(now: 10.5) == nil)
        #expect(s.requestDue(now: 10.999) == nil)
        #expect(s.requestDue(now: 11) != nil)
        #expect(s.requestDue(now: 11.2) == nil)
    }

    @Test("Waiting, then no answer after 5 s; connected, lost after 1.5 s of silence, back")
    func status() {
        var s = DSUSession(senderID: 1)
        #expect(s.status(now: 0) == .waiting)
        _ = s.requestDue(now: 0)
        #expect(s.status(now: 4.9) == .waiting)
        #expect(s.status(now: 5.0) == .noAnswer)
        #expect(s.receive(DSU.padDataDatagram(Self.report(1), senderID: 9), at: 6) == .padData(Self.report(1)))
        #expect(s.status(now: 7) == .connected)
        #expect(s.status(now: 7.6) == .lost)
        _ = s.receive(DSU.padDataDatagram(Self.report(2), senderID: 9), at: 9)
        #expect(s.status(now: 9) == .connected)
        #expect(s.counts.gaps == 1)
        #expect(abs(s.counts.longestGap - 3) < 1e-9)
    }

    @Test("Other slots, unconnected pads and NaN readings are counted and not used")
    func turnsAway() {
        var s = DSUSession(slot: 0, senderID: 1)
        #expect(s.receive(DSU.padDataDatagram(Self.report(1, slot: 2), senderID: 9), at: 0) == .ignored(.otherSlot))
        var off = Self.report(2)
        off.connected = false
        off.slot.state = 0
        #expect(s.receive(DSU.padDataDatagram(off, senderID: 9), at: 0) == .ignored(.notConnected))
        var nan = Self.report(3)
        nan.gyro.yaw = .nan
        #expect(s.receive(DSU.padDataDatagram(nan, senderID: 9), at: 0) == .ignored(.notFinite))
        var inf = Self.report(4)
        inf.accelerometer.z = .infinity
        #expect(s.receive(DSU.padDataDatagram(inf, senderID: 9), at: 0) == .ignored(.notFinite))
        #expect(s.receive(DSU.versionDatagram(senderID: 9), at: 0) == .other)
        #expect(s.receive(Array("hello".utf8), at: 0) == .ignored(.tooShort))
        #expect(s.counts.accepted == 0)
        #expect(s.counts.totalIgnored == 5)
        #expect(s.counts.otherMessages == 1)
    }

    @Test("A connected socket hears its server, and only its server")
    func socketRoundTrip() throws {
        let server = try DSUTestServer()
        let socket = try DSUSocket(address: server.address)
        var session = DSUSession(senderID: 42)
        let request = session.requestDue(now: 0)
        socket.send(try #require(request))
        #expect(server.hear(waiting: 2))
        #expect(server.requests == 1)
        // A stranger on another port sends a perfect datagram to the client's port: the kernel
        // drops it, because the socket is connected to the server.
        let stranger = try DSUTestServer()
        let clientPort = try #require(server.lastClient)
        stranger.sendRaw(DSU.padDataDatagram(Self.report(99), senderID: 5), to: clientPort)
        server.send(Self.report(7))
        #expect(socket.wait(seconds: 2))
        var got: [DSUSession.Received] = []
        // Give a stray datagram time to arrive before draining.
        _ = socket.wait(seconds: 0.1)
        socket.drain(limit: 10) { got.append(session.receive($0, at: 1)) }
        #expect(got == [.padData(Self.report(7))])
    }
}
