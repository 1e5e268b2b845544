import CQRencode
import MarbleKit

/// QR codes by libqrencode: text (a page's address) to a `QRMatrix`.
public enum QRCode {
    /// Why a text could not be encoded.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// `text` as a QR code of the smallest version that holds it, error correction M (a code
    /// on a screen, read by a phone's camera from a metre or so), in 8-bit mode.
    public static func encode(_ text: String) throws(Failure) -> QRMatrix {
        guard !text.isEmpty, text.utf8.count <= 1_000 else {
            throw Failure(description: "a QR code holds 1 to 1,000 bytes here, not \(text.utf8.count)")
        }
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else {
            throw Failure(description: "libqrencode could not encode \(text.utf8.count) bytes")
        }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        guard size > 0, let data = code.pointee.data else { throw Failure(description: "libqrencode gave an empty code") }
        // Each module's lowest bit is dark (qrencode.h); the other bits say what part it is.
        let modules = (0..<(size * size)).map { data[$0] & 1 == 1 }
        guard let matrix = QRMatrix(size: size, modules: modules) else { throw Failure(description: "libqrencode gave a malformed code") }
        return matrix
    }
}
