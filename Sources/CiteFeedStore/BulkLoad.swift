import CiteFeedModel
import CiteFeedSupport

/// Many citations written into the library in one transaction (an import), with the schema's
/// per-row work moved to the end: the mechanics belong here, beside `Schema.swift`, so that
/// the importers only check and parse, and hand rows over.
///
/// Per-row triggers cost more than the rows (the full-text index and the generation counter,
/// through a statement journal); DDL is transactional, so they are dropped for the load and
/// their work is done in one statement each at the end, with FTS5's automatic merging off
/// while the index is filled (at 100k rows: 0.8 s to 0.4 s; segments are still merged when a
/// level fills up, and automerge is back on for later writes). A large load into a smaller
/// library also drops the secondary indexes and makes them again at the end, which sorts once
/// instead of inserting at random (100k rows: 0.7 s less).
package final class BulkLoad {
    private let library: Library
    private var db: Database { library.db }
    /// The highest id ever given (`sqlite_sequence`), and the highest id in the library now.
    package let highestID: Int64
    package let firstNewID: Int64
    private let restoreTriggers: [String]
    private var restoreIndexes: [String] = []
    private let citations: BatchInsert
    private let taggings: BatchInsert
    /// Taggings wait until their citations are in (a foreign key).
    private var pendingTaggings: [(citation: Int64, tag: Int64)] = []

    /// Triggers whose work `finish` does in bulk.
    static let deferredTriggers = [
        "citations_fts_insert", "generation_citation_insert", "generation_tagging_insert", "cards_citation_insert",
    ]

    fileprivate init(_ library: Library) throws(StoreError) {
        self.library = library
        let db = library.db
        highestID = try library.mapped { try db.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'citations'") ?? 0 }
        firstNewID = try library.mapped { try db.scalar("SELECT max(id) FROM citations") ?? 0 }
        let names = BulkLoad.deferredTriggers.map { "'\($0)'" }.joined(separator: ", ")
        restoreTriggers = try BulkLoad.dropSchemaObjects(library, "type = 'trigger' AND name IN (\(names))")
        // OR FAIL: a failing row stops the statement without undoing the rows before it (the
        // load's transaction undoes everything anyway), so SQLite keeps no statement journal of
        // every page each batch touches (at 100k rows: 315,000 writes to 66,000).
        citations = BatchInsert(
            db,
            "INSERT OR FAIL INTO citations (id, uuid, text, back, author, source, favourite, created_at, updated_at, archived_at, text_length)",
            columns: 11)
        taggings = BatchInsert(db, "INSERT OR IGNORE INTO citation_tags (citation_id, tag_id)", columns: 2, batch: 256)
    }

    /// For a load of about `expected` rows: drops the secondary indexes when that is at least
    /// 1,000 rows and half the library (`finish` makes them again).
    package func prepare(expected: Double) throws(StoreError) {
        try library.mapped {
            guard restoreIndexes.isEmpty, expected >= 1000, expected >= Double(try db.scalar("SELECT count(*) FROM citations") ?? 0) / 2
            else { return }
            restoreIndexes = try BulkLoad.dropSchemaObjects(
                library, "type = 'index' AND tbl_name IN ('citations', 'citation_tags') AND sql IS NOT NULL")
        }
    }

    /// Adds a citation with the id, uuid and text length the caller gave it, and its tags (ids
    /// of tags that exist).
    package func insert(id: Int64, uuid: String, _ c: NewCitation, length: Int64, now: Timestamp, tagIDs: [Int64]) throws(StoreError) {
        try library.mapped {
            let created = c.createdAt ?? now
            citations.put(id)
            citations.put(uuid)
            citations.put(c.text)
            citations.put(c.back)
            citations.put(c.author)
            citations.put(c.source)
            citations.put(c.favourite)
            citations.put(created.seconds)
            citations.put((c.updatedAt ?? created).seconds)
            citations.put(c.archivedAt)
            citations.put(length)
            try citations.endRow()
            for tag in tagIDs { pendingTaggings.append((id, tag)) }
            if citations.isEmpty { try moveTaggings() }
        }
    }

    private func moveTaggings() throws(StoreError) {
        try library.mapped {
            for (citation, tag) in pendingTaggings {
                taggings.put(citation)
                taggings.put(tag)
                try taggings.endRow()
            }
            pendingTaggings.removeAll(keepingCapacity: true)
        }
    }

    /// Writes what waits.
    package func flush() throws(StoreError) {
        try library.mapped {
            try citations.flush()
            try moveTaggings()
            try taggings.flush()
        }
    }

    /// Does the deferred work: the full-text index of the new rows, the generation, the
    /// indexes and triggers made again.
    fileprivate func finish() throws(StoreError) {
        try library.mapped {
            try flush()
            try db.execute("INSERT INTO citations_fts (citations_fts, rank) VALUES ('automerge', 0)")
            try db.run(
                """
                INSERT INTO citations_fts (rowid, text, back, author, source)
                SELECT id, text, back, author, source FROM citations WHERE id > ?
                """, .int(firstNewID))
            try db.execute("INSERT INTO citations_fts (citations_fts, rank) VALUES ('automerge', 4)")
            // The new citations with a back are cards (those the file gave card data have rows).
            try db.run(
                """
                INSERT INTO cards (citation_id, is_card, archived) SELECT id, 1, archived_at IS NOT NULL FROM citations
                WHERE id > ? AND back IS NOT NULL AND back != '' ON CONFLICT (citation_id) DO NOTHING
                """, .int(firstNewID))
            try db.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'")
            for sql in restoreIndexes + restoreTriggers { try db.execute(sql) }
        }
    }

    /// Drops the schema objects that `condition` selects from `sqlite_master`; returns the SQL
    /// that makes them again.
    private static func dropSchemaObjects(_ library: Library, _ condition: String) throws(StoreError) -> [String] {
        let db = library.db
        return try library.mapped {
            let objects = try db.query("SELECT type, name, sql FROM sqlite_master WHERE \(condition) ORDER BY name", []) {
                (type: $0.text(0), name: $0.text(1), sql: $0.text(2))
            }
            for object in objects { try db.execute("DROP \(object.type.uppercased()) \(object.name)") }
            return objects.map(\.sql)
        }
    }
}

extension Library {
    /// Runs `body` with a `BulkLoad` in one write transaction, and does the load's deferred work
    /// when it returns; when it throws, nothing of it stays.
    package func bulkLoad<T>(_ body: (BulkLoad) throws -> T) throws -> T {
        try mappingSQLite {
            // A cache large enough that SQLite seldom spills pages to the WAL and reads them back
            // before the commit (100k rows: 16 MiB 2.2 s and 92 MB peak, 64 MiB 2.0 s and 128 MB;
            // the default 2 MiB is 25% slower). Back to the default afterwards.
            if !holdsLargeCache { try db.execute("PRAGMA cache_size = -65536") }
            defer { if !holdsLargeCache { try? db.execute("PRAGMA cache_size = -2000") } }
            // (`import` runs this inside `withoutForeignKeyChecks`, which must come before any
            // transaction: the pragma has no effect inside one.)
            return try write {
                let load = try BulkLoad(self)
                let result = try body(load)
                try load.finish()
                return result
            }
        }
    }

    /// Runs `body`, several bulk loads in one transaction, with their large page cache kept from
    /// one to the next (set and reset for each, the pages the last one wrote spilled to the WAL
    /// when the next began).
    package func withLargeCache<T>(_ body: () throws -> T) throws -> T {
        try mapped { try db.execute("PRAGMA cache_size = -65536") }
        holdsLargeCache = true
        defer {
            holdsLargeCache = false
            try? db.execute("PRAGMA cache_size = -2000")
        }
        return try body()
    }

    /// Sets the colour of tag `id`.
    package func setTagColor(id: Int64, _ color: String) throws(StoreError) {
        try mapped {
            try db.run("UPDATE tags SET color = ? WHERE id = ?", .text(color), .int(id))
        }
    }

    /// Runs `body` with SQLite's foreign-key checks off: for a bulk load, whose taggings each
    /// refer to a citation inserted before them and a tag looked up or made by the load, so the
    /// keys hold by construction, while checking them costs a lookup of both parents per
    /// tagging (100k rows: 0.1 s of 0.2 s). The pragma has no effect inside a transaction, so
    /// this must be called before the command's transaction opens; the tests check the foreign
    /// keys after imports.
    package func withoutForeignKeyChecks<T>(_ body: () throws -> T) throws -> T {
        try mapped { try db.execute("PRAGMA foreign_keys = OFF") }
        defer { try? db.execute("PRAGMA foreign_keys = ON") }
        return try body()
    }
}
