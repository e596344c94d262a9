/// The citefeed JSON export: `{"format":"citefeed","version":1,"exportedAt":…,"tags":[…],"citations":[…]}`.
enum CitefeedDocument {
    static func render(citations: [Citation], tags: [Tag], exportedAt: Timestamp) -> String {
        JSONWriter.pretty(
            .object([
                ("format", .string("citefeed")), ("version", .int(1)), ("exportedAt", .string(exportedAt.rfc3339UTC)),
                ("tags", .array(tags.map { .object([("name", .string($0.name)), ("color", .string($0.color))]) })),
                ("citations", .array(citations.map(CitationJSON.citation))),
            ]))
    }
}
