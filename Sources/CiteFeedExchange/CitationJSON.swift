import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The JSON form of citations and tags, with the spec's field names, shared by `--json`
/// listings and the export.
package enum CitationJSON {
    /// A card's scheduling, for `show --json` (issue 14).
    package static func card(_ r: CardRecord) -> JSONValue {
        let c = r.card
        return .object([
            ("state", .string(c.state.rawValue)), ("due", c.state == .new ? .null : .string(c.due.rfc3339UTC)),
            ("stability", c.stability.map(JSONValue.double) ?? .null), ("difficulty", c.difficulty.map(JSONValue.double) ?? .null),
            ("reviews", .int(Int64(r.reps))), ("lapses", .int(Int64(r.lapses))),
            ("lastReview", c.lastReview.map { .string($0.rfc3339UTC) } ?? .null),
        ])
    }

    package static func citation(_ c: Citation) -> JSONValue {
        .object([
            ("id", .int(c.id)), ("uuid", .string(c.uuid)), ("text", .string(c.text)), ("back", .optional(c.back)),
            ("author", .optional(c.author)), ("source", .optional(c.source)),
            ("tags", .array(c.tags.map { .string($0.name) })), ("favourite", .bool(c.favourite)),
            ("createdAt", .string(c.createdAt.rfc3339UTC)), ("updatedAt", .string(c.updatedAt.rfc3339UTC)),
            ("archivedAt", c.archivedAt.map { .string($0.rfc3339UTC) } ?? .null),
        ])
    }

    package static func tag(_ summary: TagSummary) -> JSONValue {
        .object([
            ("name", .string(summary.tag.name)), ("color", .string(summary.tag.color)),
            ("hex", .string(Palette.hexValue(of: summary.tag.color))), ("count", .int(Int64(summary.count))),
            ("archivedCount", .int(Int64(summary.archivedCount))),
        ])
    }
}
