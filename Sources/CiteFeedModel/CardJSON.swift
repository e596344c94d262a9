import CiteFeedSupport

/// The one JSON form of a card: `show --json`, the export, and the card kept in the
/// review log for undo all write it here, and read it here.
///
/// `{marked?, state, step, stability, difficulty, due, lastReview, reviews, lapses, log?}`:
/// times RFC 3339 (`due` is `null` for a new card), `marked` where the card's mark is known
/// (`card`/`uncard`: true or false; `null`: a card because it has a back), `log` in the export:
/// each answer `{at, grade, elapsedDays, stateBefore, cardBefore}`.
package enum CardJSON {
    package static func object(_ r: CardRecord) -> JSONValue { .object(members(r)) }

    /// The card with its mark and review log, as the export carries it.
    package static func object(_ exchange: CardExchange) -> JSONValue {
        var m: [(String, JSONValue)] = [("marked", exchange.marked.map(JSONValue.bool) ?? .null)]
        m += exchange.state.map(members) ?? [("state", .string(CardPhase.new.rawValue))]
        m.append(
            (
                "log",
                .array(
                    exchange.answers.map { a in
                        .object([
                            ("at", .string(a.at.rfc3339UTC)), ("grade", .int(Int64(a.grade.rawValue))),
                            ("elapsedDays", .int(a.elapsedDays)),
                            ("stateBefore", .string(a.stateBefore.rawValue)), ("cardBefore", a.before.map(object) ?? .null),
                        ])
                    })
            ))
        return .object(m)
    }

    private static func members(_ r: CardRecord) -> [(String, JSONValue)] {
        let c = r.card
        return [
            ("state", .string(c.state.rawValue)), ("step", c.step.map { .int(Int64($0)) } ?? .null),
            ("stability", c.stability.map(JSONValue.double) ?? .null), ("difficulty", c.difficulty.map(JSONValue.double) ?? .null),
            ("due", c.state == .new ? .null : .string(c.due.rfc3339UTC)),
            ("lastReview", c.lastReview.map { .string($0.rfc3339UTC) } ?? .null),
            ("reviews", .int(Int64(r.reps))), ("lapses", .int(Int64(r.lapses))),
        ]
    }

    /// A card as `object` writes it, or as citefeed wrote it before (export version 2 and the
    /// review log of older libraries: times in seconds, `reps` for `reviews`); `nil` when it is
    /// not one.
    package static func record(_ value: JSONValue, citationID: Int64) -> CardRecord? {
        guard let state = value["state"]?.stringValue.flatMap(CardPhase.init(rawValue:)) else { return nil }
        func time(_ key: String) -> Timestamp? {
            switch value[key] {
            case .int(let n)?: Timestamp(seconds: n)
            case .string(let s)?: Timestamp(rfc3339: s)
            default: nil
            }
        }
        func int(_ key: String) -> Int64? { if case .int(let n)? = value[key] { n } else { nil } }
        let due = time("due")
        guard due != nil || state == .new else { return nil }
        let card = CardState(
            state: state, step: int("step").map { Int($0) }, stability: value["stability"]?.numberValue,
            difficulty: value["difficulty"]?.numberValue,
            due: due ?? Timestamp(seconds: 0), lastReview: time("lastReview"))
        return CardRecord(
            citationID: citationID, card: card, reps: Int(int("reviews") ?? int("reps") ?? 0), lapses: Int(int("lapses") ?? 0))
    }

    /// `record` of the text the review log keeps.
    package static func record(_ text: String, citationID: Int64) -> CardRecord? {
        (try? JSONParser.parse(text)).flatMap { record($0, citationID: citationID) }
    }
}
