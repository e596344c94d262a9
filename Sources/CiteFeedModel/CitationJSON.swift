import CiteFeedSupport

/// The JSON shapes of citefeed, one per thing, as `doc/schema/` describes them:
///
/// - a **tag**: `{name, color, hex}` (`color` as the user gave it, a palette name or `#RRGGBB`;
///   `hex` always `#RRGGBB`, for widgets that colour it);
/// - a **citation**: `id uuid text back author source tags favourite`, and `createdAt updatedAt
///   archivedAt` where the library's record is at hand (a pick shows the citation as it was
///   shown, without them); `show` and the export add `card`;
/// - a **card**: `CardJSON`;
/// - a **slot**: `{slotStart, slotEnd, citation}` (the citation `null` when nothing was
///   eligible), with what the place adds: `review` (status, `current.json`), `pickedAt` and
///   `reason` (history), `weight` (upcoming).
///
/// Every time is RFC 3339 in UTC.
package enum CitationJSON {
    package static func tag(_ tag: Tag) -> JSONValue { .object(members(tag)) }

    /// The tag with how many citations carry it (`tag list --json`).
    package static func tag(_ summary: TagSummary) -> JSONValue {
        .object(members(summary.tag) + [("count", .int(Int64(summary.count))), ("archivedCount", .int(Int64(summary.archivedCount)))])
    }

    private static func members(_ tag: Tag) -> [(String, JSONValue)] {
        [("name", .string(tag.name)), ("color", .string(tag.color)), ("hex", .string(Palette.hexValue(of: tag.color)))]
    }

    /// The citation as it was shown (no dates).
    package static func citation(_ p: PickSnapshot) -> JSONValue { .object(members(p)) }

    /// The citation as the library has it, with its dates.
    /// The citation as the library has it, with its dates, and `more` members after its own
    /// (`card`).
    package static func citation(_ c: Citation, adding more: [(String, JSONValue)] = []) -> JSONValue {
        .object(
            members(PickSnapshot(c)) + [
                ("createdAt", .string(c.createdAt.rfc3339UTC)), ("updatedAt", .string(c.updatedAt.rfc3339UTC)),
                ("archivedAt", c.archivedAt.map { .string($0.rfc3339UTC) } ?? .null),
            ] + more)
    }

    private static func members(_ p: PickSnapshot) -> [(String, JSONValue)] {
        [
            ("id", .int(p.id)), ("uuid", .string(p.uuid)), ("text", .string(p.text)), ("back", .optional(p.back)),
            ("author", .optional(p.author)), ("source", .optional(p.source)), ("tags", .array(p.tags.map { .object(members($0)) })),
            ("favourite", .bool(p.favourite)),
        ]
    }

    /// A slot and what was (or will be) shown in it, with the members the place adds.
    package static func slot(_ slot: Slot, citation: JSONValue, adding more: [(String, JSONValue)] = []) -> JSONValue {
        .object([("slotStart", .string(slot.start.rfc3339UTC)), ("slotEnd", .string(slot.end.rfc3339UTC)), ("citation", citation)] + more)
    }

    /// The slot now, as `status --format json` prints it and `current.json` holds it: the pick
    /// shown, and a review rotation's bar state as `review: {revealed, nextDue}`.
    package static func slot(_ slot: Slot, pick: PickSnapshot?, review: ReviewDisplay?) -> JSONValue {
        let state = review.map { r in
            [
                (
                    "review",
                    JSONValue.object([("revealed", .bool(r.revealed)), ("nextDue", r.nextDue.map { .string($0.rfc3339UTC) } ?? .null)])
                )
            ]
        }
        return self.slot(slot, citation: pick.map(citation) ?? .null, adding: state ?? [])
    }

    /// The names of a citation's `tags`: strings (export versions 1 and 2, other programs'
    /// files) or tag objects (version 3, `list --json`).
    package static func tagNames(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).compactMap { $0.stringValue ?? $0["name"]?.stringValue }
    }
}
