import MarbleKit

/// Fuzzes the phone page's message reader (`PhoneMessage.decode`): a WebSocket frame or a POST
/// batch from a browser, or from anyone on the school's Wi-Fi.
///
/// Nothing may trap. Over the size or line limit is refused; a reading accepted is finite and
/// within its ranges; a hello's token and a back's key are well formed; a problem names a line of the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    do {
        let messages = try PhoneMessage.decode(bytes)
        guard bytes.count <= PhoneMessage.maxBytes, messages.count <= PhoneMessage.maxLines else {
            FuzzInput.fail("\(bytes.count) bytes, \(messages.count) messages accepted")
        }
        for m in messages {
            switch m {
            case .hello(let token), .back(let token):
                guard PairingToken.isWellFormed(token.utf8) else { FuzzInput.fail("a malformed token or key accepted: \(token)") }
            case .reading(let r):
                let g = [r.gravity.x, r.gravity.y, r.gravity.z], w = [r.rotation.alpha, r.rotation.beta, r.rotation.gamma]
                guard r.time.isFinite, r.time >= 0, g.allSatisfy({ $0.isFinite && abs($0) <= 200 }),
                      w.allSatisfy({ $0.isFinite && abs($0) <= 20_000 }), r.heading.map({ $0 >= 0 && $0 <= 360 }) ?? true,
                      r.buttons.rawValue < 8 else {
                    FuzzInput.fail("a reading out of range accepted: \(r)")
                }
            }
        }
    } catch {
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: true).count
        guard error.line >= 0, error.line <= lines + 1 else { FuzzInput.fail("a problem at line \(error.line) of \(lines)") }
    }
    return 0
}
