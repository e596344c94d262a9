/// The JSON form of citations and tags, with the spec's field names, shared by `--json`
/// listings and the export.
enum CitationJSON {
    static func citation(_ c: Citation) -> JSONValue {
        .object([
            ("id", .int(c.id)), ("uuid", .string(c.uuid)), ("text", .string(c.text)), ("back", .optional(c.back)),
            ("author", .optional(c.author)), ("source", .optional(c.source)),
            ("tags", .array(c.tags.map { .string($0.name) })), ("favourite", .bool(c.favourite)),
            ("createdAt", .string(c.createdAt.rfc3339UTC)), ("updatedAt", .string(c.updatedAt.rfc3339UTC)),
            ("archivedAt", c.archivedAt.map { .string($0.rfc3339UTC) } ?? .null),
        ])
    }

    static func tag(_ summary: TagSummary) -> JSONValue {
        .object([
            ("name", .string(summary.tag.name)), ("color", .string(summary.tag.color)),
            ("hex", .string(Palette.hexValue(of: summary.tag.color))), ("count", .int(Int64(summary.count))),
            ("archivedCount", .int(Int64(summary.archivedCount))),
        ])
    }
}
