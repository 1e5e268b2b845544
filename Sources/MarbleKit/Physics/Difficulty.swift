/// A named set of physics parameters.
public enum Difficulty: String, CaseIterable, Sendable, Codable {
    case easy, normal, hard
}
