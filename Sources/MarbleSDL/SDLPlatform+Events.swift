import CSDL2
import MarbleApp

extension SDLPlatform {
    /// SDL's events since the last call, in the app's words.
    public func poll() -> [UIEvent] {
        var out = pads.startEvents
        pads.startEvents = []
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            translate(e, into: &out)
        }
        motion.poll(into: &out)
        phonePage.poll(into: &out)
        for (instance, due) in pads.sensorRecheck.sorted(by: { $0.key < $1.key }) where now() >= due {
            pads.sensorRecheck[instance] = nil
            if let event = recheckSensors(instance) { out.append(event) }
        }
        return out
    }

    func translate(_ e: SDL_Event, into out: inout [UIEvent]) {
        switch e.type {
        case SDL_QUIT.rawValue:
            out.append(.quitRequested)
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(e.window.event) {
            case SDL_WINDOWEVENT_MINIMIZED.rawValue, SDL_WINDOWEVENT_HIDDEN.rawValue: out.append(.hidden)
            case SDL_WINDOWEVENT_RESTORED.rawValue, SDL_WINDOWEVENT_SHOWN.rawValue: out.append(.shown)
            case SDL_WINDOWEVENT_FOCUS_LOST.rawValue: out.append(.focusLost)
            default: break
            }
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            guard let key = Self.key(e.key.keysym.sym) else { return }
            if e.type == SDL_KEYDOWN.rawValue {
                let ctrl = UInt32(e.key.keysym.mod) & KMOD_CTRL.rawValue != 0
                out.append(.keyDown(key, ctrl: ctrl, isRepeat: e.key.repeat != 0))
            } else {
                out.append(.keyUp(key))
            }
        case SDL_TEXTINPUT.rawValue:
            var chars = e.text.text
            let typed = withUnsafeBytes(of: &chars) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !typed.isEmpty { out.append(.text(typed)) }
        case SDL_MOUSEMOTION.rawValue:
            out.append(.pointerMoved(pixelPoint(e.motion.x, e.motion.y)))
        case SDL_MOUSEBUTTONDOWN.rawValue where e.button.button == UInt8(SDL_BUTTON_LEFT):
            out.append(.pointerDown(pixelPoint(e.button.x, e.button.y)))
        case SDL_MOUSEBUTTONUP.rawValue where e.button.button == UInt8(SDL_BUTTON_LEFT):
            out.append(.pointerUp(pixelPoint(e.button.x, e.button.y)))
        case SDL_MOUSEWHEEL.rawValue:
            out.append(.wheel(Double(e.wheel.y)))
        case SDL_CONTROLLERDEVICEADDED.rawValue:
            // Up to four pads, one a player; a pad already open (found at start) is skipped.
            if pads.open.count < Self.maxPads, !pads.open.contains(where: { $0.instance == SDL_JoystickGetDeviceInstanceID(e.cdevice.which) }),
               let event = openPad(deviceIndex: e.cdevice.which) {
                out.append(event)
            }
        case SDL_CONTROLLERDEVICEREMOVED.rawValue:
            guard pads.open.contains(where: { $0.instance == e.cdevice.which }) else { return }
            closePad(e.cdevice.which)
            out.append(.padRemoved(pad: e.cdevice.which))
            // A fifth pad plugged in while four were open takes the place.
            if let event = openNextPadEvent() { out.append(event) }
        case SDL_CONTROLLERBUTTONDOWN.rawValue, SDL_CONTROLLERBUTTONUP.rawValue:
            let id = e.cbutton.which
            guard controller(id) != nil, let b = Self.button(Int32(e.cbutton.button)) else { return }
            out.append(e.type == SDL_CONTROLLERBUTTONDOWN.rawValue ? .padButtonDown(b, pad: id) : .padButtonUp(b, pad: id))
        case SDL_CONTROLLERAXISMOTION.rawValue:
            let id = e.caxis.which
            guard let p = controller(id) else { return }
            func axis(_ a: SDL_GameControllerAxis) -> Double { StickShaping.axis(SDL_GameControllerGetAxis(p, a)) }
            let (lx, ly) = (axis(SDL_CONTROLLER_AXIS_LEFTX), axis(SDL_CONTROLLER_AXIS_LEFTY))
            let (rx, ry) = (axis(SDL_CONTROLLER_AXIS_RIGHTX), axis(SDL_CONTROLLER_AXIS_RIGHTY))
            out.append(.padSticks(leftX: lx, leftY: ly, rightX: rx, rightY: ry, pad: id))
        case SDL_CONTROLLERSENSORUPDATE.rawValue:
            let id = e.csensor.which
            guard controller(id) != nil else { return }
            let d = e.csensor.data
            let t: UInt64 = e.csensor.timestamp_us != 0 ? e.csensor.timestamp_us : UInt64(e.csensor.timestamp) * 1000
            let (a, b, c) = (Double(d.0), Double(d.1), Double(d.2))
            switch e.csensor.sensor {
            case SDL_SENSOR_ACCEL.rawValue: out.append(.accelerometer(x: a, y: b, z: c, timestampUS: t, pad: id))
            case SDL_SENSOR_GYRO.rawValue: out.append(.gyro(pitch: a, yaw: b, roll: c, timestampUS: t, pad: id))
            default: break
            }
        default:
            break
        }
    }

    /// Window coordinates to drawable pixels (they differ on high-DPI screens).
    func pixelPoint(_ x: Int32, _ y: Int32) -> Point {
        var ww: Int32 = 0, wh: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        let s = size
        let sx = ww > 0 ? s.width / Double(ww) : 1, sy = wh > 0 ? s.height / Double(wh) : 1
        return Point(Double(x) * sx, Double(y) * sy)
    }

    static func key(_ sym: SDL_Keycode) -> Key? {
        switch UInt32(bitPattern: sym) {
        case SDLK_UP.rawValue: return .up
        case SDLK_DOWN.rawValue: return .down
        case SDLK_LEFT.rawValue: return .left
        case SDLK_RIGHT.rawValue: return .right
        case SDLK_w.rawValue: return .w
        case SDLK_x.rawValue: return .x
        case SDLK_b.rawValue: return .b
        case SDLK_a.rawValue: return .a
        case SDLK_s.rawValue: return .s
        case SDLK_d.rawValue: return .d
        case SDLK_q.rawValue: return .q
        case SDLK_e.rawValue: return .e
        case SDLK_SPACE.rawValue: return .space
        case SDLK_COMMA.rawValue: return .comma
        case SDLK_PERIOD.rawValue: return .period
        case SDLK_RSHIFT.rawValue: return .rightShift
        case SDLK_SLASH.rawValue: return .slash
        case SDLK_8.rawValue: return .eight
        case SDLK_9.rawValue: return .nine
        case SDLK_0.rawValue: return .zero
        case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: return .enter
        case SDLK_ESCAPE.rawValue: return .escape
        case SDLK_TAB.rawValue: return .tab
        case SDLK_BACKSPACE.rawValue: return .backspace
        case SDLK_DELETE.rawValue: return .delete
        case SDLK_n.rawValue: return .n
        case SDLK_c.rawValue: return .c
        case SDLK_g.rawValue: return .g
        case SDLK_r.rawValue: return .r
        case SDLK_f.rawValue: return .f
        case SDLK_h.rawValue: return .h
        case SDLK_l.rawValue: return .l
        case SDLK_y.rawValue: return .y
        case SDLK_m.rawValue: return .m
        case SDLK_z.rawValue: return .z
        case SDLK_F1.rawValue: return .f1
        case SDLK_i.rawValue: return .i
        case SDLK_t.rawValue: return .t
        case SDLK_p.rawValue: return .p
        case SDLK_1.rawValue, SDLK_KP_1.rawValue: return .one
        case SDLK_2.rawValue, SDLK_KP_2.rawValue: return .two
        case SDLK_3.rawValue, SDLK_KP_3.rawValue: return .three
        case SDLK_PLUS.rawValue, SDLK_EQUALS.rawValue, SDLK_KP_PLUS.rawValue: return .plus
        case SDLK_MINUS.rawValue, SDLK_KP_MINUS.rawValue: return .minus
        case SDLK_F11.rawValue: return .f11
        default: return nil
        }
    }

    static func button(_ b: Int32) -> PadButton? {
        switch b {
        case SDL_CONTROLLER_BUTTON_A.rawValue: return .south
        case SDL_CONTROLLER_BUTTON_B.rawValue: return .east
        case SDL_CONTROLLER_BUTTON_X.rawValue: return .west
        case SDL_CONTROLLER_BUTTON_Y.rawValue: return .north
        case SDL_CONTROLLER_BUTTON_BACK.rawValue: return .back
        case SDL_CONTROLLER_BUTTON_START.rawValue: return .start
        case SDL_CONTROLLER_BUTTON_LEFTSHOULDER.rawValue: return .leftShoulder
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER.rawValue: return .rightShoulder
        case SDL_CONTROLLER_BUTTON_DPAD_UP.rawValue: return .dpadUp
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN.rawValue: return .dpadDown
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT.rawValue: return .dpadLeft
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT.rawValue: return .dpadRight
        default: return nil
        }
    }
}
