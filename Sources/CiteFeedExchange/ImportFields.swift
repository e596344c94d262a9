import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The names by which quote collections call a citation's fields, for JSON members
/// and CSV columns that are not citefeed's own. Names are matched ignoring case, spaces, `_`
/// and `-` (`quoteText`, `quote_text` and `Quote Text` are one name); where a file has several
/// names of one field, the one earlier in the list wins (`text` before `quote`).
enum ImportFields {
    enum Field: CaseIterable {
        case text, author, source, tags, back
    }

    static let names: [(field: Field, names: [String])] = [
        (.text, ["text", "quote", "quotetext", "quotes", "content", "q", "body", "highlight"]),
        (.author, ["author", "quoteauthor", "a", "by", "bookauthor", "authorname", "from", "speaker", "attribution"]),
        (.source, ["source", "book", "booktitle", "title", "work"]),
        (.tags, ["tags", "tag", "category", "categories", "genre"]),
        (.back, ["back", "note", "answer"]),
    ]

    /// What a message says the text may be called.
    static let textNames = "text, quote, quoteText, content, q, body or highlight"

    static func normalized(_ name: some StringProtocol) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" && $0 != "\u{FEFF}" }.map(Character.init))
    }

    /// For each field, the index of the name (among `names`, as the file has them) it is read
    /// from.
    static func indexes(of names: [String]) -> [Field: Int] {
        let normalized = names.map(normalized)
        var found: [Field: Int] = [:]
        for (field, synonyms) in ImportFields.names {
            if let i = synonyms.lazy.compactMap({ normalized.firstIndex(of: $0) }).first { found[field] = i }
        }
        return found
    }

    /// Tags written in one field: separated by `,`, `;` or `|`, trimmed, empty ones dropped.
    static func tagList(_ value: String) -> [String] {
        value.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "|" }).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}
