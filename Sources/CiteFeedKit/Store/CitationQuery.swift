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
    /// Words for the full-text index; every word must match (as a prefix).
    public var search: String?
    /// `nil`: most recently modified first, or best match first when searching.
    public var sort: Sort?
    public var reverse = false
    public var limit: Int?

    public init() {}

    /// The FTS5 query for the user's words: each word quoted (so `AND`, `*` or `"` are just text)
    /// and matched as a prefix. `nil` when there is no word to look for.
    static func ftsQuery(_ words: String) -> String? {
        let tokens = words.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" })
            .map { $0.replacing("\"", with: "\"\"") }
        guard !tokens.isEmpty else { return nil }
        return tokens.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}
