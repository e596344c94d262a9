import CiteFeedModel
import CiteFeedSupport

extension Library {
    /// A citation's columns, the last being its tags' ids (`3,7`) from the primary key of
    /// `citation_tags`: one statement reads citations with their tags, however many there are.
    static let citationColumns = """
        c.id, c.uuid, c.text, c.back, c.author, c.source, c.favourite, c.created_at, c.updated_at, c.archived_at,
        (SELECT group_concat(ct.tag_id) FROM citation_tags ct WHERE ct.citation_id = c.id)
        """

    /// The library's tags by id, each with its place in a citation's tag list (by name, ignoring case).
    func tagTable() throws(StoreError) -> [Int64: (rank: Int, tag: Tag)] {
        try mapped {
            let tags = try db.query("SELECT id, name, color FROM tags") { ($0.int(0), Tag(name: $0.text(1), color: $0.text(2))) }
            let ranked = tags.map { (id: $0.0, tag: $0.1, key: $0.1.name.lowercased()) }.sorted { $0.key < $1.key }
            var table: [Int64: (rank: Int, tag: Tag)] = [:]
            for (rank, entry) in ranked.enumerated() { table[entry.id] = (rank, entry.tag) }
            return table
        }
    }

    /// The row of `citationColumns`, its tag ids looked up in `tags` (from `tagTable`).
    static func readCitation(_ s: Statement, tags: [Int64: (rank: Int, tag: Tag)]) -> Citation {
        var tagged: [(rank: Int, tag: Tag)] = []
        if !s.isNull(10) {
            s.withBytes(10) { bytes in
                var id: Int64 = 0
                for b in bytes {
                    if b == 0x2C {
                        if let tag = tags[id] { tagged.append(tag) }
                        id = 0
                    } else {
                        id = id * 10 + Int64(b &- 0x30)
                    }
                }
                if let tag = tags[id] { tagged.append(tag) }
            }
            tagged.sort { $0.rank < $1.rank }
        }
        return Citation(
            id: s.int(0), uuid: s.text(1), text: s.text(2), back: s.optionalText(3), author: s.optionalText(4),
            source: s.optionalText(5), tags: tagged.map(\.tag), favourite: s.int(6) != 0, createdAt: Timestamp(seconds: s.int(7)),
            updatedAt: Timestamp(seconds: s.int(8)), archivedAt: s.optionalInt(9).map(Timestamp.init(seconds:)))
    }

    /// One citation, archived or not.
    package func citation(id: Int64) throws(StoreError) -> Citation {
        try mapped {
            let tags = try tagTable()
            let rows = try db.query("SELECT \(Library.citationColumns) FROM citations c WHERE c.id = ?", [.int(id)]) {
                Library.readCitation($0, tags: tags)
            }
            guard let citation = rows.first else { throw StoreError.noSuchCitation(id) }
            return citation
        }
    }

    /// Citations matching `query`; a tag of the query that does not exist is an error.
    package func citations(_ query: CitationQuery) throws(StoreError) -> [Citation] {
        try mapped {
            guard let (sql, bindings) = try select(query) else { return [] }
            let tags = try tagTable()
            return try db.query(sql, bindings) { Library.readCitation($0, tags: tags) }
        }
    }

    /// Each citation matching `query`, in its order, read from the statement one at a time
    /// without holding them all: for exports of any size.
    package func forEachCitation(_ query: CitationQuery, _ body: (Citation) throws -> Void) throws {
        try mappingSQLite {
            guard let (sql, bindings) = try select(query) else { return }
            let tags = try tagTable()
            let statement = try db.prepare(sql)
            try statement.bind(bindings)
            while try statement.step() { try body(Library.readCitation(statement, tags: tags)) }
        }
    }

    /// Every tag, by name ignoring case (`tags()` without the counts).
    package func tagList() throws(StoreError) -> [Tag] {
        try mapped {
            try db.query("SELECT name, color FROM tags ORDER BY key") { Tag(name: $0.text(0), color: $0.text(1)) }
        }
    }

    /// The tags carried by the citations matching `query` (an export's tag list), in `tags()` order.
    package func tagsUsed(by query: CitationQuery) throws(StoreError) -> [Tag] {
        try mapped {
            var unlimited = query
            unlimited.limit = nil
            unlimited.sort = nil
            guard let (sql, bindings) = try select(unlimited, columns: "c.id", ordered: false) else { return [] }
            return try db.query(
                """
                SELECT t.name, t.color FROM tags t
                WHERE t.id IN (SELECT ct.tag_id FROM citation_tags ct WHERE ct.citation_id IN (\(sql)))
                ORDER BY t.key
                """, bindings
            ) { Tag(name: $0.text(0), color: $0.text(1)) }
        }
    }

    /// The SELECT for `query` and its bindings; `nil` when nothing can match (no search words,
    /// or words found nowhere).
    func select(_ query: CitationQuery, columns: String = Library.citationColumns, ordered: Bool = true) throws(StoreError)
        -> (String, [SQLValue])?
    {
        try mapped {
            for tag in query.tags { _ = try self.tag(named: tag) }
            var conditions = [query.all ? "1" : query.archived ? "c.archived_at IS NOT NULL" : "c.archived_at IS NULL"]
            var bindings: [SQLValue] = []
            var order: String
            if let words = query.search {
                guard let fts = CitationQuery.ftsQuery(words) else { return nil }
                let matches = try db.scalar("SELECT count(*) FROM citations_fts WHERE citations_fts MATCH ?", .text(fts)) ?? 0
                if matches == 0 { return nil }
                // Few matches: look each one up and sort them. Many matches and a limit: walk the
                // index of the sort order and stop at the limit, testing each row against the set of
                // matches (the unary + keeps SQLite from using the set to look rows up instead).
                // At 100k citations this takes a search for a common word from 17 ms to 2 ms.
                let walkIndex = query.limit != nil && matches > 200
                conditions.append("\(walkIndex ? "+" : "")c.id IN (SELECT rowid FROM citations_fts WHERE citations_fts MATCH ?)")
                bindings.append(.text(fts))
            }
            if query.favouritesOnly { conditions.append("c.favourite = 1") }
            if query.cardsOnly || query.dueBefore != nil { conditions.append(Library.isCard) }
            if let due = query.dueBefore {
                conditions.append("c.id IN (SELECT k.citation_id FROM cards k WHERE k.state != 'new' AND k.due < ?)")
                bindings.append(.int(due.seconds))
            }
            if let settings = query.eligibleUnder {
                let (condition, more) = eligibility(settings)
                conditions.append(condition)
                bindings += more
            }
            if !query.tags.isEmpty {
                let marks = Array(repeating: "?", count: query.tags.count).joined(separator: ", ")
                conditions.append(
                    "c.id IN (SELECT ct.citation_id FROM citation_tags ct JOIN tags t ON t.id = ct.tag_id WHERE t.key IN (\(marks)))")
                bindings += query.tags.map { .text(Tag.key($0)) }
            }
            var sql = "SELECT \(columns) FROM citations c WHERE \(conditions.joined(separator: " AND "))"
            guard ordered else { return (sql, bindings) }
            let (descending, ascending) = query.reverse ? ("ASC", "DESC") : ("DESC", "ASC")
            switch query.sort {
            case nil, .updated?: order = "c.updated_at \(descending), c.id \(descending)"
            case .created?: order = "c.created_at \(descending), c.id \(descending)"
            case .author?: order = "c.author IS NULL \(ascending), c.author COLLATE NOCASE \(ascending), c.updated_at DESC, c.id DESC"
            case .text?: order = "c.text COLLATE NOCASE \(ascending), c.id \(ascending)"
            }
            if query.archived && !query.all && (query.sort == nil || query.sort == .updated) {
                order = "c.archived_at \(descending), " + order
            }
            sql += " ORDER BY \(order)"
            if let limit = query.limit {
                sql += " LIMIT ?"
                bindings.append(.int(Int64(limit)))
            }
            return (sql, bindings)
        }
    }

    /// Adds a citation (fields already validated), creating unknown tags. Returns it as stored.
    @discardableResult
    package func add(_ new: NewCitation, now: Timestamp) throws -> Citation {
        try write { () throws -> Citation in try insert(new, now: now) }
    }

    /// The insert itself, for use inside a transaction.
    func insert(_ new: NewCitation, now: Timestamp) throws -> Citation {
        try mappingSQLite {
            let created = new.createdAt ?? now
            try db.run(
                "INSERT INTO citations (uuid, text, back, author, source, favourite, created_at, updated_at, archived_at, text_length) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                .text(new.uuid ?? UUIDString.random()), .text(new.text), .optional(new.back), .optional(new.author),
                .optional(new.source), .bool(new.favourite), .int(created.seconds), .int((new.updatedAt ?? created).seconds),
                .optional(new.archivedAt), .int(Int64(CitationInput.characterCount(new.text))))
            let id = db.lastInsertRowID
            for name in new.tags {
                let tagID = try tagID(named: name, createWithColor: nil)
                try db.run("INSERT OR IGNORE INTO citation_tags (citation_id, tag_id) VALUES (?, ?)", .int(id), .int(tagID))
            }
            return try citation(id: id)
        }
    }

    /// Applies `changes` to citation `id` and bumps its `updatedAt`.
    @discardableResult
    package func update(id: Int64, _ changes: CitationChanges, now: Timestamp) throws -> Citation {
        try mappingSQLite {
            try write { () throws -> Citation in
                _ = try citation(id: id)
                var sets: [String] = []
                var bindings: [SQLValue] = []
                if let text = changes.text {
                    sets.append("text = ?, text_length = ?")
                    bindings += [.text(text), .int(Int64(CitationInput.characterCount(text)))]
                }
                for (column, value) in [("back", changes.back), ("author", changes.author), ("source", changes.source)] {
                    if let value { sets.append("\(column) = ?"); bindings.append(value.isEmpty ? .null : .text(value)) }
                }
                if let favourite = changes.favourite { sets.append("favourite = ?"); bindings.append(.bool(favourite)) }
                for name in changes.addTags {
                    let tagID = try tagID(named: name, createWithColor: nil)
                    try db.run("INSERT OR IGNORE INTO citation_tags (citation_id, tag_id) VALUES (?, ?)", .int(id), .int(tagID))
                }
                for name in changes.removeTags {
                    guard let tagID = try existingTagID(named: name) else { throw StoreError.noSuchTag(name) }
                    try db.run("DELETE FROM citation_tags WHERE citation_id = ? AND tag_id = ?", .int(id), .int(tagID))
                }
                sets.append("updated_at = ?")
                bindings.append(.int(now.seconds))
                let stmt = try db.prepare("UPDATE citations SET \(sets.joined(separator: ", ")) WHERE id = ?")
                try stmt.bind(bindings + [.int(id)])
                while try stmt.step() {}
                return try citation(id: id)
            }
        }
    }

    /// Sets one column on several citations at once; all ids must exist, or nothing changes.
    /// Returns the ids that actually changed.
    func setColumn(_ assignment: String, where condition: String, ids: [Int64], now: Timestamp, _ value: SQLValue) throws -> [Int64] {
        try mappingSQLite {
            try write { () throws -> [Int64] in
                var changed: [Int64] = []
                for id in ids {
                    _ = try citation(id: id)
                    try db.run(
                        "UPDATE citations SET \(assignment) = ?, updated_at = ? WHERE id = ? AND \(condition)", value, .int(now.seconds),
                        .int(id))
                    if db.changes > 0 { changed.append(id) }
                }
                return changed
            }
        }
    }

    /// Marks or unmarks favourites; returns the ids whose flag changed.
    @discardableResult
    package func setFavourite(_ ids: [Int64], _ favourite: Bool, now: Timestamp) throws -> [Int64] {
        try setColumn("favourite", where: "favourite != \(favourite ? 1 : 0)", ids: ids, now: now, .bool(favourite))
    }

    /// Archives citations (a soft delete); returns the ids that were not archived before.
    @discardableResult
    package func archive(_ ids: [Int64], now: Timestamp) throws -> [Int64] {
        try setColumn("archived_at", where: "archived_at IS NULL", ids: ids, now: now, .int(now.seconds))
    }

    /// Brings archived citations back; returns the ids that were archived.
    @discardableResult
    package func restore(_ ids: [Int64], now: Timestamp) throws -> [Int64] {
        try setColumn("archived_at", where: "archived_at IS NOT NULL", ids: ids, now: now, .null)
    }

    /// Deletes citations for good. Without `force`, every one must be archived already.
    package func delete(_ ids: [Int64], force: Bool) throws {
        try mappingSQLite {
            try write {
                let citations = try ids.map { id throws(StoreError) in try citation(id: id) }
                let active = citations.filter { !$0.isArchived }.map(\.id)
                if !force && !active.isEmpty { throw StoreError.notArchived(active) }
                for id in ids { try db.run("DELETE FROM citations WHERE id = ?", .int(id)) }
            }
        }
    }
}
