import Foundation
import MarbleKit

extension StoredDrawing {
    /// `marble info --json`: the replay report's keys, then the drawing's own.
    var infoJSON: JSONValue {
        guard case .object(let pairs) = session.report(hash: CanvasHash.sha256).json else { return .null }
        return .object([("id", .string(id))] + pairs + [
            ("title", .string(title)),
            ("created", .string(isoTime(created))),
            ("modified", .string(isoTime(modified))),
            ("undo_steps", .integer(session.history.count)),
            ("redo_steps", .integer(session.undone.count)),
            ("movement", session.marbles[0].movement.figures.json),
            ("trace", trace.map { .string($0.rawValue) } ?? .null),
        ] + session.playersJSON)
    }
}

extension DrawingSummary {
    /// One entry of `marble drawings --json`.
    var json: JSONValue {
        .object([
            ("id", .string(id)),
            ("title", .string(title)),
            ("created", .string(isoTime(created))),
            ("modified", .string(isoTime(modified))),
            ("duration_s", .number(duration)),
            ("segments", .integer(segments)),
            ("movement", movement?.json ?? .null),
            ("players", players.isEmpty ? .null : .array(players.map(\.json))),
            ("trace", trace.map { .string($0.rawValue) } ?? .null),
            ("thumbnail", FileManager.default.fileExists(atPath: thumbnailPath) ? .string(thumbnailPath) : .null),
        ])
    }
}

/// A wall-clock time as ISO 8601 in UTC with milliseconds: `2026-11-21T13:40:05.123Z`.
func isoTime(_ t: Double) -> String {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    f.timeZone = TimeZone(identifier: "UTC")
    return f.string(from: Date(timeIntervalSince1970: t))
}
