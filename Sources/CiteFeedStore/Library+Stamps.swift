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
    /// A hash of its tags' ids, in order (`tagHash`).
    package var tags: UInt64

    /// The hash of a citation's tag ids (in order of id, however they were read), as
    /// `CitationStamp.tags` holds it.
    static func tagHash(_ ids: [Int64]) -> UInt64 { ids.sorted().reduce(emptyTagHash, tagHash) }

    /// The hash of no tags.
    static let emptyTagHash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// `h` (a hash of the ids before) with one more id, in order (`tagHash`).
    static func tagHash(_ h: UInt64, _ id: Int64) -> UInt64 {
        var h = h
        var n = UInt64(bitPattern: id)
        for _ in 0..<8 {
            h = (h ^ (n & 0xFF)) &* 0x100_0000_01b3
            n >>= 8
        }
        return h
    }

    /// The ids in SQLite's `group_concat` of them (`3,7`).
    static func tagIDs(_ joined: String?) -> [Int64] { joined.map { $0.split(separator: ",").compactMap { Int64($0) } } ?? [] }
}

extension Library {
    /// The stamp of every citation `query` selects, in order of id. The tags are read beside
    /// them, both in that order (a subquery for each citation cost ten times the rest; a table
    /// of every citation's tags, a third of the whole).
    package func forEachStamp(_ query: CitationQuery, _ body: (CitationStamp) throws -> Void) throws {
        try mappingSQLite {
            guard
                let (sql, bindings) = try select(
                    query, columns: "c.id, c.uuid, c.author, c.source, c.favourite, c.updated_at, c.archived_at", ordered: false)
            else { return }
            let statement = try db.prepare(sql + " ORDER BY c.id")
            try statement.bind(bindings)
            let links = try db.prepare("SELECT citation_id, tag_id FROM citation_tags ORDER BY citation_id, tag_id")
            var linked = try links.step()
            while try statement.step() {
                let id = statement.int(0)
                while linked && links.int(0) < id { linked = try links.step() }
                var tags = CitationStamp.emptyTagHash
                while linked && links.int(0) == id {
                    tags = CitationStamp.tagHash(tags, links.int(1))
                    linked = try links.step()
                }
                try body(
                    CitationStamp(
                        id: id, uuid: statement.text(1), author: statement.optionalText(2), source: statement.optionalText(3),
                        favourite: statement.int(4) != 0, updatedAt: statement.int(5), archivedAt: statement.optionalInt(6), tags: tags))
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
                        archivedAt: c.archivedAt?.seconds, tags: CitationStamp.tagHash(CitationStamp.tagIDs(statement.optionalText(10)))))
            }
        }
    }
}
