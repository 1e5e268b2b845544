/// A count and its word, the word in the plural unless the count is one: "1 row", "3 rows".
public func plural(_ n: Int, _ word: String) -> String {
    "\(n) \(word)\(n == 1 ? "" : "s")"
}
