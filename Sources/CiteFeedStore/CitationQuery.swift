import CiteFeedModel
import CiteFeedSupport

/// What `list` asks for.
public struct CitationQuery: Sendable {
    public enum Sort: String, CaseIterable, Sendable {
        case updated, created, author, text
    }

    /// Any of these tags (names, any case); empty = all.
    public var tags: [String] = []
    public var favouritesOnly = false
    /// `true`: only archived citations; `false`: only the others.
    public var archived = false
    /// Archived and not archived alike (overrides `archived`).
    public var all = false
    /// Words for the full-text index; every word must occur (`word*`: as a prefix).
    public var search: String?
    /// `nil`: most recently modified first, or best match first when searching.
    public var sort: Sort?
    public var reverse = false
    public var limit: Int?
    /// Only cards.
    public var cardsOnly = false
    /// Only cards due before this time (not new ones).
    public var dueBefore: Timestamp?
    /// Only what a rotation with these settings may pick (`list --rotation`).
    public var eligibleUnder: Settings?

    public init() {}

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
