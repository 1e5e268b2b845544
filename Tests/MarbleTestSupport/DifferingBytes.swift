/// How many bytes differ between two pictures (a size mismatch counts every byte), so that a
/// failing comparison reports a number instead of printing megabytes of pixels.
public func differingBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard a.count == b.count else { return max(a.count, b.count) }
    return zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
}
