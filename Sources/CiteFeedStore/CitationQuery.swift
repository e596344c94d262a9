import CiteFeedModel
import CiteFeedSupport

/// What `list` asks for.
package struct CitationQuery: Sendable {
    package enum Sort: String, CaseIterable, Sendable {
        case updated, created, author, text
    }

    /// Any of these tags (names, any case); empty = all.
    package var tags: [String] = []
    package var favouritesOnly = false
    /// `true`: only archived citations; `false`: only the others.
    package var archived = false
    /// Archived and not archived alike (overrides `archived`).
    package var all = false
    /// Words for the full-text index; every word must occur (`word*`: as a prefix).
    package var search: String?
    /// `nil`: most recently modified first, or best match first when searching.
    package var sort: Sort?
    package var reverse = false
    package var limit: Int?
    /// Only cards.
    package var cardsOnly = false
    /// Only cards due before this time (not new ones).
    package var dueBefore: Timestamp?
    /// Only what a rotation with these settings may pick (`list --rotation`).
    package var eligibleUnder: Settings?

    package init() {}

    /// The FTS5 query for the user's words: each word quoted (so `AND`, `OR` or `"` are just
    /// text), all of them required; a word ending in `*` matches as a prefix (`happ*`).
    /// `nil` when there is no word to look for.
    static func ftsQuery(_ words: String) -> String? {
        var terms: [String] = []
        for raw in words.split(whereSeparator: \.isWhitespace) {
            let prefix = raw.hasSuffix("*")
            let tokens = raw.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            guard !tokens.isEmpty else { continue }
            // "don't" and "e-mail" are phrases of their tokens, as the index splits them.
            terms.append("\"" + tokens.joined(separator: " ") + "\"" + (prefix ? "*" : ""))
        }
        return terms.isEmpty ? nil : terms.joined(separator: " ")
    }
}
