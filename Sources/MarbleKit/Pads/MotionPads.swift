/// The pads SDL 2.26 reads motion from on Linux, by USB vendor and product id, and why a
/// plugged one may still give none (its `/dev/hidraw*` node cannot be opened).
///
/// Kept in step with `packaging/udev/70-marble-pads.rules` (a test checks the two agree).
public enum MotionPads {
    /// A pad model with motion sensors.
    public struct Model: Hashable, Sendable {
        public let vendor: UInt16
        public let product: UInt16
        public let name: String
    }

    /// DualShock 4 (two models and the USB wireless adaptor), DualSense and its Edge, the
    /// Switch Pro Controller, the Joy-Cons and their charging grip.
    public static let models: [Model] = [
        Model(vendor: 0x054C, product: 0x05C4, name: "DualShock 4"),
        Model(vendor: 0x054C, product: 0x09CC, name: "DualShock 4"),
        Model(vendor: 0x054C, product: 0x0BA0, name: "DualShock 4 USB wireless adaptor"),
        Model(vendor: 0x054C, product: 0x0CE6, name: "DualSense"),
        Model(vendor: 0x054C, product: 0x0DF2, name: "DualSense Edge"),
        Model(vendor: 0x057E, product: 0x2009, name: "Switch Pro Controller"),
        Model(vendor: 0x057E, product: 0x2006, name: "Joy-Con (L)"),
        Model(vendor: 0x057E, product: 0x2007, name: "Joy-Con (R)"),
        Model(vendor: 0x057E, product: 0x200E, name: "Joy-Con charging grip"),
    ]

    /// The model with these ids, if it has motion sensors.
    public static func model(vendor: UInt16, product: UInt16) -> Model? {
        models.first { $0.vendor == vendor && $0.product == product }
    }

    /// The rules file that opens them to the seat's user, as installed.
    public static let rulesFile = "/usr/lib/udev/rules.d/70-marble-pads.rules"

    /// The vendor and product in a hidraw device's `uevent` (`HID_ID=0005:0000054C:000005C4`:
    /// bus, vendor, product in hex), or nil.
    public static func ids(inUevent text: String) -> (vendor: UInt16, product: UInt16)? {
        for line in text.split(separator: "\n") where line.hasPrefix("HID_ID=") {
            let parts = line.dropFirst(7).split(separator: ":")
            guard parts.count == 3, let v = UInt32(parts[1], radix: 16), let p = UInt32(parts[2], radix: 16),
                  v <= 0xFFFF, p <= 0xFFFF else { return nil }
            return (UInt16(v), UInt16(p))
        }
        return nil
    }

    /// Why a pad with motion gave none: its hidraw node and what opening it says.
    public struct Blocked: Equatable, Sendable, CustomStringConvertible {
        public let model: Model
        /// `/dev/hidrawN`, or nil when no node of its ids was found.
        public let node: String?
        public let errno: POSIX.Errno?

        /// What stderr says: the node, why, and the fix.
        public var description: String {
            let why: String
            if let node, let errno {
                why = "\(node) cannot be opened (\(errno))"
            } else if let node {
                why = "\(node) can be opened, but SDL found no sensors on it"
            } else {
                why = "no /dev/hidraw node of it was found (is the hid_playstation or hid_nintendo driver loaded?)"
            }
            return "the \(model.name)'s tilt is hidden by the system: \(why). SDL reads a pad's motion only through "
                + "/dev/hidraw*, which Linux keeps from the user unless a udev rule opens it. Fix: sudo make install-udev "
                + "(installs \(rulesFile)), then unplug and replug the pad. Playing goes on with the sticks."
        }
    }

    /// Looks for the hidraw node of `model` under `sysRoot` (`/sys/class/hidraw` in life) and
    /// checks it can be read and written under `devRoot` (`/dev`); `io` reads the entries (the environment's).
    public static func diagnose(_ model: Model, sysRoot: String = "/sys/class/hidraw", devRoot: String = "/dev", io: FileIO) -> Blocked {
        for name in (POSIX.list(sysRoot) ?? []).sorted() where name.hasPrefix("hidraw") {
            guard let bytes = try? Files.read(sysRoot + "/" + name + "/device/uevent", followingLinks: true, io: io),
                  let ids = ids(inUevent: String(decoding: bytes, as: UTF8.self)),
                  ids.vendor == model.vendor, ids.product == model.product else { continue }
            let node = devRoot + "/" + name
            return Blocked(model: model, node: node, errno: POSIX.canReadAndWrite(node) ? nil : .current)
        }
        return Blocked(model: model, node: nil, errno: nil)
    }
}
