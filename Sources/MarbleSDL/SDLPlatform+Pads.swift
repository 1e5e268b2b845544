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

    /// The pad in use, by name.
    public var padName: String? { pad.flatMap { SDL_GameControllerName($0) }.map { String(cString: $0) } }

    /// Opens the first pad plugged in at start; the app hears of it from the first poll
    /// (SDL's own added event for it finds a pad already open and is skipped).
    func openFirstPad() {
        if let event = openFirstPadEvent() { startEvents.append(event) }
    }

    func openFirstPadEvent() -> UIEvent? {
        for i in 0..<max(0, SDL_NumJoysticks()) where SDL_IsGameController(i) == SDL_TRUE {
            if let event = openPad(deviceIndex: i) { return event }
        }
        return nil
    }

    /// Opens a pad and turns on its motion sensors, if it has any.
    func openPad(deviceIndex: Int32) -> UIEvent? {
        guard SDL_IsGameController(deviceIndex) == SDL_TRUE, let p = SDL_GameControllerOpen(deviceIndex) else { return nil }
        pad = p
        padInstance = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(p))
        let (accel, gyro) = enableSensors(p)
        sensorRecheck = accel || gyro ? nil : now() + 1
        return .padAdded(name: padName ?? "Game pad", accelerometer: accel, gyro: gyro)
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
    func recheckSensors() -> UIEvent? {
        guard let p = pad else { return nil }
        let (accel, gyro) = enableSensors(p)
        if accel || gyro { return .padAdded(name: padName ?? "Game pad", accelerometer: accel, gyro: gyro) }
        guard let model = MotionPads.model(vendor: SDL_GameControllerGetVendor(p), product: SDL_GameControllerGetProduct(p)) else {
            return nil
        }
        let blocked = MotionPads.diagnose(model, sysRoot: hidrawRoots.sys, devRoot: hidrawRoots.dev)
        warn("\(blocked)")
        return .padMotionBlocked(blocked.node ?? model.name)
    }

    /// Opens a pad plugged in beside the first: the second marble's.
    func openSecondPad(deviceIndex: Int32) -> UIEvent? {
        guard SDL_IsGameController(deviceIndex) == SDL_TRUE, let p = SDL_GameControllerOpen(deviceIndex) else { return nil }
        secondPad = p
        secondPadInstance = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(p))
        _ = enableSensors(p)
        return .secondPad(.added(name: SDL_GameControllerName(p).map { String(cString: $0) } ?? "Game pad"))
    }

    func closeSecondPad() {
        if let secondPad { SDL_GameControllerClose(secondPad) }
        secondPad = nil
        secondPadInstance = -1
    }

    func closePad() {
        if let pad { SDL_GameControllerClose(pad) }
        pad = nil
        padInstance = -1
    }
}
