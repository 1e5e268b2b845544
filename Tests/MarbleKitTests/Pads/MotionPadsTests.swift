import Foundation
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// The pads with motion, the rules file that opens them to the seat's user, and the diagnosis of
/// a pad whose hidraw node cannot be opened (on a folder laid out as /sys and /dev are).
@Suite("Motion pads")
struct MotionPadsTests {
    static var rules: String {
        get throws { try String(contentsOf: Repository.root.appendingPathComponent("packaging/udev/70-marble-pads.rules"), encoding: .utf8) }
    }

    @Test("The rules file sorts before 73-seat-late and tags every rule uaccess")
    func rulesApplyUaccess() throws {
        let name = "70-marble-pads.rules"
        let number = try #require(Int(name.prefix(2)))
        #expect(number < 73)
        let rules = try Self.rules.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(rules.count == MotionPads.models.count * 3)
        for rule in rules {
            #expect(rule.contains(#"TAG+="uaccess""#) && rule.contains(#"MODE="0660""#), "\(rule)")
        }
    }

    @Test("Every pad with motion has a USB rule, a Bluetooth rule and a motion-sensor rule")
    func everyPadCovered() throws {
        let rules = try Self.rules
        for m in MotionPads.models {
            let v = String(format: "%04x", m.vendor), p = String(format: "%04x", m.product)
            #expect(rules.contains(#"KERNEL=="hidraw*", ATTRS{idVendor}=="\#(v)", ATTRS{idProduct}=="\#(p)""#), "\(m.name) USB")
            #expect(rules.contains(#"KERNEL=="hidraw*", KERNELS=="*\#(v.uppercased()):\#(p.uppercased())*""#), "\(m.name) Bluetooth")
            #expect(rules.contains(#"ENV{ID_INPUT_ACCELEROMETER}=="1", ATTRS{id/vendor}=="\#(v)", ATTRS{id/product}=="\#(p)""#), "\(m.name) sensors")
        }
    }

    @Test("A uevent's HID_ID gives vendor and product; anything else gives nothing")
    func uevent() {
        let text = "DRIVER=playstation\nHID_ID=0005:0000054C:000005C4\nHID_NAME=Wireless Controller\n"
        #expect(MotionPads.ids(inUevent: text)! == (0x054C, 0x05C4))
        #expect(MotionPads.ids(inUevent: "HID_ID=0003:0000057E") == nil)
        #expect(MotionPads.ids(inUevent: "HID_ID=0003:1234567890:2009") == nil)
        #expect(MotionPads.ids(inUevent: "") == nil)
        #expect(MotionPads.model(vendor: 0x054C, product: 0x09CC)?.name == "DualShock 4")
        #expect(MotionPads.model(vendor: 0x045E, product: 0x028E) == nil)
    }

    @Test("The diagnosis names the node of the pad's ids, and the fix")
    func diagnosis() throws {
        let root = try TempFolder("hidraw")
        for (node, id) in [("hidraw0", "0003:0000046D:0000C52B"), ("hidraw4", "0005:0000054C:000005C4")] {
            try FileManager.default.createDirectory(atPath: root.path("sys/\(node)/device"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root.path("dev"), withIntermediateDirectories: true)
            try root.write("DRIVER=hid\nHID_ID=\(id)\n", to: "sys/\(node)/device/uevent")
            try root.write("", to: "dev/\(node)")
        }
        chmod(root.path("dev/hidraw4"), 0)
        let ds4 = try #require(MotionPads.model(vendor: 0x054C, product: 0x05C4))
        let blocked = MotionPads.diagnose(ds4, sysRoot: root.path("sys"), devRoot: root.path("dev"), io: .system)
        #expect(blocked.node == root.path("dev/hidraw4"))
        // Root reads anything: there the node opens, and the words say so.
        if getuid() != 0 {
            #expect(blocked.errno == .permissionDenied)
            #expect(blocked.description.contains("cannot be opened"))
        }
        #expect(blocked.description.contains("sudo make install-udev") && blocked.description.contains("hidraw4"))
        let joycon = try #require(MotionPads.model(vendor: 0x057E, product: 0x2006))
        let none = MotionPads.diagnose(joycon, sysRoot: root.path("sys"), devRoot: root.path("dev"), io: .system)
        #expect(none.node == nil && none.description.contains("no /dev/hidraw node"))
    }
}
