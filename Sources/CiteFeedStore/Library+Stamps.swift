import CiteFeedModel
import CiteFeedSupport

/// What tells whether a citation changed, without its text: a notes folder is brought up to
/// date by reading these for every citation and the whole citations only of the pages that
/// changed.
package struct CitationStamp: Sendable {
    package var id: Int64
    package var uuid: String
    package var author: String?
    package var source: String?
    package var favourite: Bool
    package var updatedAt: Int64
    package var archivedAt: Int64?
    /// The ids of its tags, as SQLite joined them (`3,7`).
    package var tagIDs: String
}

extension Library {
    /// The stamp of every citation `query` selects, oldest first (as `forEachCitation` with
    /// `sort = .created`, `reverse`).
    package func forEachStamp(_ query: CitationQuery, _ body: (CitationStamp) throws -> Void) throws {
        var query = query
        query.sort = .created
        query.reverse = true
        try mappingSQLite {
            guard
                let (sql, bindings) = try select(
                    query,
                    columns:
                        "c.id, c.uuid, c.author, c.source, c.favourite, c.updated_at, c.archived_at, (SELECT group_concat(ct.tag_id) FROM citation_tags ct WHERE ct.citation_id = c.id)"
                )
            else { return }
            let statement = try db.prepare(sql)
            try statement.bind(bindings)
            while try statement.step() {
                try body(
                    CitationStamp(
                        id: statement.int(0), uuid: statement.text(1), author: statement.optionalText(2), source: statement.optionalText(3),
                        favourite: statement.int(4) != 0, updatedAt: statement.int(5), archivedAt: statement.optionalInt(6),
                        tagIDs: statement.optionalText(7) ?? ""))
            }
        }
    }

    /// The citations with these ids, oldest first.
    package func forEachCitation(ids: [Int64], _ body: (Citation) throws -> Void) throws {
        guard !ids.isEmpty else { return }
        try mappingSQLite {
            let tags = try tagTable()
            let statement = try db.prepare(
                "SELECT \(Library.citationColumns) FROM citations c WHERE c.id IN (SELECT value FROM json_each(?)) ORDER BY c.created_at, c.id"
            )
            try statement.bind([.text("[" + ids.map(String.init).joined(separator: ",") + "]")])
            while try statement.step() { try body(Library.readCitation(statement, tags: tags)) }
        }
    }

    /// Every citation `query` selects with its stamp, oldest first: one pass, for an export
    /// that renders every page (a new folder, or one written another way).
    package func forEachCitationAndStamp(_ query: CitationQuery, _ body: (Citation, CitationStamp) throws -> Void) throws {
        var query = query
        query.sort = .created
        query.reverse = true
        try mappingSQLite {
            guard let (sql, bindings) = try select(query) else { return }
            let tags = try tagTable()
            let statement = try db.prepare(sql)
            try statement.bind(bindings)
            while try statement.step() {
                let c = Library.readCitation(statement, tags: tags)
                try body(
                    c,
                    CitationStamp(
                        id: c.id, uuid: c.uuid, author: c.author, source: c.source, favourite: c.favourite, updatedAt: c.updatedAt.seconds,
                        archivedAt: c.archivedAt?.seconds, tagIDs: statement.optionalText(10) ?? ""))
            }
        }
    }
}
