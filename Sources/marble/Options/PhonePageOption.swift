import ArgumentParser
import MarbleKit

/// `--phone-page [HOST][:PORT]`: where the phone page is served, read by
/// `PhonePageAddress.parse` (no host: this machine's LAN address; no port: 26780); a malformed
/// one is a usage error (exit 64) in its words.
func phonePageAddress(_ text: String) throws(ValidationError) -> PhonePageAddress {
    switch PhonePageAddress.parse(text) {
    case .success(let v): return PhonePageAddress(host: v.host ?? PhonePageAddress.lanHost(), port: v.port)
    case .failure(let e): throw ValidationError("--phone-page: \(e)")
    }
}

/// The command line with `--phone-page` given no value (last, or before another option) given
/// an empty one, so that `marble play --phone-page` serves at the defaults: the argument
/// parser takes no option whose value may be left out.
enum PhonePageArgument {
    static func filled(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var rest = arguments[...]
        while let a = rest.popFirst() {
            out.append(a)
            if a == "--" { out += rest; break }
            if a == "--phone-page", rest.first.map({ $0.hasPrefix("-") }) ?? true { out.append("") }
        }
        return out
    }
}
