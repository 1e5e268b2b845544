import CSDL2
import MarbleApp
import MarbleKit

extension SDLPlatform {
    /// Adds pad mappings from a gamecontrollerdb.txt; returns how many were added, or nil.
    @discardableResult
    public func loadMappings(_ path: String) -> Int? {
        let n = marble_add_mappings_from_file(path)
        if n < 0 {
            warn("\(path): cannot read pad mappings: \(String(cString: SDL_GetError()))")
            return nil
        }
        return Int(n)
    }

    /// The most pads open at once: one a player.
    static let maxPads = 4

    /// The first pad open, by name.
    public var padName: String? { pads.open.first.map { name(of: $0.controller) } }

    /// The pads open, by joystick instance id, in the order they opened.
    public var padInstances: [SDL_JoystickID] { pads.open.map(\.instance) }

    func name(of p: OpaquePointer) -> String { SDL_GameControllerName(p).map { String(cString: $0) } ?? "Game pad" }

    /// The open pad with this instance id.
    func controller(_ instance: SDL_JoystickID) -> OpaquePointer? { pads.open.first { $0.instance == instance }?.controller }

    /// Opens the pads plugged in at start (up to four); the app hears of them from the first
    /// poll (SDL's own added events for them find them already open and are skipped).
    func openFirstPad() {
        while let event = openNextPadEvent() { pads.startEvents.append(event) }
    }

    /// Opens the next pad plugged in and not yet open, if there is room for it.
    func openNextPadEvent() -> UIEvent? {
        guard pads.open.count < Self.maxPads else { return nil }
        for i in 0..<max(0, SDL_NumJoysticks()) where SDL_IsGameController(i) == SDL_TRUE
            && !pads.open.contains(where: { $0.instance == SDL_JoystickGetDeviceInstanceID(i) }) {
            if let event = openPad(deviceIndex: i) { return event }
        }
        return nil
    }

    /// Opens a pad and turns on its motion sensors, if it has any.
    func openPad(deviceIndex: Int32) -> UIEvent? {
        guard SDL_IsGameController(deviceIndex) == SDL_TRUE, let p = SDL_GameControllerOpen(deviceIndex) else { return nil }
        let instance = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(p))
        pads.open.append((instance, p))
        let (accel, gyro) = enableSensors(p)
        pads.sensorRecheck[instance] = accel || gyro ? nil : now() + 1
        return .padAdded(name: name(of: p), accelerometer: accel, gyro: gyro, pad: instance)
    }

    /// Turns on the pad's accelerometer and gyro, where it has them.
    func enableSensors(_ p: OpaquePointer) -> (Bool, Bool) {
        var accel = false, gyro = false
        if SDL_GameControllerHasSensor(p, SDL_SENSOR_ACCEL) == SDL_TRUE {
            accel = SDL_GameControllerSetSensorEnabled(p, SDL_SENSOR_ACCEL, SDL_TRUE) == 0
        }
        if SDL_GameControllerHasSensor(p, SDL_SENSOR_GYRO) == SDL_TRUE {
            gyro = SDL_GameControllerSetSensorEnabled(p, SDL_SENSOR_GYRO, SDL_TRUE) == 0
        }
        return (accel, gyro)
    }

    /// A second after a pad opened without sensors: they may have come (the app hears the pad
    /// again, now with motion); if not, and the pad is one that has them, the system hides
    /// them: stderr says which node and the fix, and the app shows it.
    func recheckSensors(_ instance: SDL_JoystickID) -> UIEvent? {
        guard let p = controller(instance) else { return nil }
        let (accel, gyro) = enableSensors(p)
        if accel || gyro { return .padAdded(name: name(of: p), accelerometer: accel, gyro: gyro, pad: instance) }
        guard let model = MotionPads.model(vendor: SDL_GameControllerGetVendor(p), product: SDL_GameControllerGetProduct(p)) else {
            return nil
        }
        let blocked = MotionPads.diagnose(model, sysRoot: hidrawRoots.sys, devRoot: hidrawRoots.dev, io: options.files.io)
        warn("\(blocked)")
        return .padMotionBlocked(blocked.node ?? model.name, pad: instance)
    }

    /// Closes the pad with this instance id.
    func closePad(_ instance: SDL_JoystickID) {
        guard let k = pads.open.firstIndex(where: { $0.instance == instance }) else { return }
        SDL_GameControllerClose(pads.open[k].controller)
        pads.open.remove(at: k)
        pads.sensorRecheck[instance] = nil
    }
}
