import CiteFeedModel
import CiteFeedSupport

/// A first sync's capture in bulk (ARCHITECTURE.md, "Sync", "Capture"): every citation noted
/// whole and never synced is read by one query and its clocks written by one statement, instead
/// of four queries and three writes a citation.
extension Library {
    /// A citation sync has not written yet: its synced fields as they stand.
    package struct UnsyncedCitation: Sendable {
        package var id: Int64
        package var uuid: String
        package var fields: CitationFields
        package var updated: Timestamp
        /// Whether its card row is not as a change with `card` makes it (`saveCaptured`).
        var cardDiffers: Bool
    }

    /// The citations with no registers and no tombstone: those made here since the last sync
    /// (on the first sync, every one; a citation another machine's change made has registers),
    /// oldest change first, so that each one's clock can be its own time.
    package func unsyncedCitations() throws(StoreError) -> [UnsyncedCitation] {
        let first = try meta("sync_seq") == nil
        var rows: [UnsyncedCitation] = try mapped {
            // Made here since the last sync: none (the usual sync), a few (looked up by uuid), or
            // most of the library, or the first sync (read whole: faster than 100,000 lookups).
            let made = first ? 0 : try db.scalar("SELECT count(*) FROM sync_dirty WHERE field = '*' AND entity GLOB 'c:*'") ?? 0
            if !first && made == 0 { return [] }
            let which =
                !first && made < 5000
                ? "c.uuid IN (SELECT substr(entity, 3) FROM sync_dirty WHERE field = '*' AND entity GLOB 'c:*') AND" : ""
            return try db.query(
                """
                SELECT c.id, c.uuid, \(Library.syncedColumns), k.marked,
                       CASE WHEN k.citation_id IS NULL THEN c.back IS NOT NULL AND c.back != ''
                            ELSE k.is_card IS NOT coalesce(k.marked, c.back IS NOT NULL AND c.back != '') END
                FROM citations c LEFT JOIN cards k ON k.citation_id = c.id
                WHERE \(which) NOT EXISTS (SELECT 1 FROM sync_registers r WHERE r.entity = 'c:' || c.uuid)
                  AND NOT EXISTS (SELECT 1 FROM sync_tombstones s WHERE s.uuid = c.uuid)
                """, []
            ) { stmt in
                return UnsyncedCitation(
                    id: stmt.int(0), uuid: stmt.text(1), fields: Library.syncedFields(stmt, from: 2),
                    updated: Timestamp(seconds: stmt.int(9)),
                    cardDiffers: stmt.int(11) != 0)
            }
        }
        // Their tags: for many, every tagging read once (a query a citation costs 0.2 s at 100k).
        try mapped {
            let tagged = "SELECT ct.citation_id, t.key FROM citation_tags ct JOIN tags t ON t.id = ct.tag_id"
            if rows.count > 500 {
                var index: [Int64: Int] = [:]
                for (i, row) in rows.enumerated() { index[row.id] = i }
                for (id, key) in try db.query(tagged, [], { ($0.int(0), $0.text(1)) }) {
                    if let i = index[id] { rows[i].fields.tags[key] = true }
                }
            } else {
                for i in rows.indices {
                    for key in try db.query(tagged + " WHERE ct.citation_id = ?", [.int(rows[i].id)], { $0.text(1) }) {
                        rows[i].fields.tags[key] = true
                    }
                }
            }
        }
        // (Sorted here, by small keys: SQLite's sorter would carry every row's text.)
        let keys = rows.map { ($0.updated.seconds, $0.id) }
        return rows.indices.sorted { keys[$0] < keys[$1] }.map { rows[$0] }
    }

    /// Notes the citations `unsyncedCitations` read (the same: nothing between), each with every field at one
    /// clock: their registers, their card rows as a change with `card` makes them, and
    /// `updated_at` as its clock's time where that differs (the same on every machine).
    package func saveCaptured(_ captured: [(citation: UnsyncedCitation, clock: SyncClock)]) throws(StoreError) {
        guard !captured.isEmpty else { return }
        try mapped {
            // As `applyCitation` sets `card`: its mark, and a card when marked or with a back (the
            // citations whose row is not so, in one statement; no row for a citation that is no
            // card and has none: a row with no mark, no card and no answer holds nothing).
            let cards = captured.filter(\.citation.cardDiffers).map { String($0.citation.id) }
            if !cards.isEmpty {
                try db.run(
                    """
                    INSERT INTO cards (citation_id, marked, is_card, archived)
                    SELECT c.id, k.marked, coalesce(k.marked, c.back IS NOT NULL AND c.back != ''), c.archived_at IS NOT NULL
                    FROM json_each(?) j JOIN citations c ON c.id = j.value LEFT JOIN cards k ON k.citation_id = c.id
                    WHERE true
                    ON CONFLICT (citation_id) DO UPDATE SET marked = excluded.marked, is_card = excluded.is_card
                    """, .text("[" + cards.joined(separator: ",") + "]"))
            }
            var registers = RegisterBatch()
            for (citation, clock) in captured {
                // As `SyncRegisters.text` writes one clock for every field: every field of a
                // citation read whole, in order, its tags among them.
                let tags = citation.fields.tags.keys.sorted().map { "tag:" + $0 + "," }.joined()
                registers.add(
                    uuid: citation.uuid, clock: clock, names: "archived,author,back,card,created,favourite,source," + tags + "text")
                let seconds = clock.time.seconds
                if seconds != citation.updated.seconds {
                    try db.run("UPDATE citations SET updated_at = ? WHERE id = ?", .int(seconds), .int(citation.id))
                }
            }
            try saveRegisters(registers)
        }
    }
}

/// The registers of many citations, for `saveRegisters` to write in one statement: a JSON object
/// of uuid → registers text.
package struct RegisterBatch {
    private(set) var json: [UInt8] = [0x7B]
    private(set) var count = 0

    package init() {}

    package mutating func add(uuid: String, _ registers: SyncRegisters) {
        key(uuid)
        JSONWriter.writeString(registers.text, into: &json)
    }

    /// Every field of `names` (comma-separated, in order) at `clock`, as `SyncRegisters.text`
    /// writes it, without the registers made first.
    package mutating func add(uuid: String, clock: SyncClock, names: String) {
        key(uuid)
        if names.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 < 0x7F }) {
            json.append(contentsOf: #""{\""#.utf8)
            json.append(contentsOf: String(clock.milliseconds).utf8)
            json.append(0x2D)
            json.append(contentsOf: String(clock.counter).utf8)
            json.append(0x2D)
            json.append(contentsOf: clock.machine.utf8)
            json.append(contentsOf: #"\":\""#.utf8)
            json.append(contentsOf: names.utf8)
            json.append(contentsOf: #"\"}""#.utf8)
        } else {
            JSONWriter.writeString("{\"" + clock.description + "\":" + JSONWriter.quoted(names) + "}", into: &json)
        }
    }

    private mutating func key(_ uuid: String) {
        if count > 0 { json.append(0x2C) }
        count += 1
        JSONWriter.writeString(uuid, into: &json)
        json.append(0x3A)
    }
}

extension Library {
    /// Writes the registers of `batch`'s citations in one statement (SQLite's loop over the JSON
    /// instead of a bind and a step a row from here), in the order of their key: 100,000 rows go
    /// in at the end of the tree.
    package func saveRegisters(_ batch: RegisterBatch) throws(SQLiteError) {
        guard batch.count > 0 else { return }
        try db.run(
            """
            INSERT INTO sync_registers (entity, clocks) SELECT 'c:' || key, value FROM json_each(?) WHERE true ORDER BY key
            ON CONFLICT (entity) DO UPDATE SET clocks = excluded.clocks
            """, .text(String(decoding: batch.json + [0x7D], as: UTF8.self)))
    }
}
