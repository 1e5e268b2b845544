import ArgumentParser
import MarbleKit

/// `--motion HOST[:PORT]`: a DSU server's address, read by `DSUAddress.parse`; a malformed one
/// is a usage error (exit 64) in its words.
func motionAddress(_ text: String) throws(ValidationError) -> DSUAddress {
    switch DSUAddress.parse(text) {
    case .success(let a): return a
    case .failure(let e): throw ValidationError("--motion: \(e)")
    }
}
