import CiteFeedModel
import CiteFeedSupport

/// Reading this library's changes for the log, and applying other machines' (ARCHITECTURE.md,
/// "Sync"). Every method runs inside the sync's one write transaction.
extension Library {
    /// The citation `uuid` as it stands here, every synced field, or `nil` when it is not here.
    package func syncFields(uuid: String) throws(StoreError) -> (fields: CitationFields, updated: Timestamp)? {
        try mapped {
            let rows = try db.query(
                """
                SELECT c.id, \(Library.syncedColumns), (SELECT k.marked FROM cards k WHERE k.citation_id = c.id)
                FROM citations c WHERE c.uuid = ?
                """, [.text(uuid)]
            ) { stmt in
                (id: stmt.int(0), fields: Library.syncedFields(stmt, from: 1), updated: Timestamp(seconds: stmt.int(8)))
            }
            guard let row = rows.first else { return nil }
            var f = row.fields
            for key in try db.query(
                "SELECT t.key FROM citation_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.citation_id = ?", [.int(row.id)],
                { $0.text(0) })
            {
                f.tags[key] = true
            }
            return (f, row.updated)
        }
    }

    /// A citation's synced fields but its tags, as `syncedFields` reads them, then `updated_at`
    /// and (selected by the caller) the card's mark.
    static let syncedColumns = "c.text, c.back, c.author, c.source, c.favourite, c.archived_at, c.created_at, c.updated_at"

    /// The fields of `syncedColumns` from column `first`, the card's mark two past them.
    static func syncedFields(_ stmt: Statement, from first: Int32) -> CitationFields {
        var f = CitationFields()
        f.text = stmt.text(first)
        f.back = .some(stmt.optionalText(first + 1))
        f.author = .some(stmt.optionalText(first + 2))
        f.source = .some(stmt.optionalText(first + 3))
        f.favourite = stmt.int(first + 4) != 0
        f.archived = .some(stmt.optionalInt(first + 5).map { Timestamp(seconds: $0) })
        f.created = Timestamp(seconds: stmt.int(first + 6))
        f.card = .some(stmt.optionalInt(first + 8).map { $0 != 0 })
        return f
    }

    /// The tag `key` as it stands here, or `nil`.
    package func syncTag(key: String) throws(StoreError) -> Tag? {
        try mapped {
            try db.query("SELECT name, color FROM tags WHERE key = ?", [.text(key)]) { Tag(name: $0.text(0), color: $0.text(1)) }.first
        }
    }

    /// Sets `updated_at` of `uuid` to the time of its newest register, so every machine shows
    /// the same.
    package func setUpdated(uuid: String, _ registers: SyncRegisters) throws(StoreError) {
        let newest = ([registers.base].compactMap { $0 } + registers.fields.values).max()
        guard let newest else { return }
        try mapped {
            try db.run("UPDATE citations SET updated_at = ? WHERE uuid = ?", .int(newest.time.seconds), .text(uuid))
        }
    }

    /// What applying a change did.
    package enum Applied: Equatable {
        /// Something of the library changed.
        case changed
        /// Nothing: every register holds a later clock, or the citation is deleted.
        case unchanged
        /// An edit of a citation not here yet: kept until its citation arrives.
        case waiting
    }

    /// Applies the fields of `uuid` that win their registers at `clock`; `local`: the registers
    /// of a change this machine made (not deleted), whose values the row has already (only the
    /// clocks are taken).
    package func applyCitation(uuid: String, _ fields: CitationFields, clock: SyncClock, local: SyncRegisters? = nil) throws(StoreError)
        -> Applied
    {
        if local == nil, try tombstone(uuid) { return .unchanged }
        let entity = SyncEntity.citation(uuid)
        var registers: SyncRegisters
        if let local { registers = local } else { registers = try registerClocks(entity) }
        return try mapped {
            var id = try db.scalar("SELECT id FROM citations WHERE uuid = ?", .text(uuid))
            // A citation made by this change has its fields already: they only take their clocks.
            var inserted = local != nil
            if id == nil {
                guard let text = fields.text else { return .waiting }
                id = try insertCitation(uuid: uuid, text: text, fields, clock: clock)
                registers = SyncRegisters(text: nil)
                inserted = true
            }
            guard let id else { return .unchanged }
            var changed = false
            func set(_ field: String, _ sql: String, _ values: SQLValue...) throws(SQLiteError) {
                guard registers.take(field, clock) else { return }
                if inserted && field != "card" {
                    changed = true
                    return
                }
                try db.run(sql, values + [.int(id)])
                changed = true
            }
            if let text = fields.text {
                try set(
                    "text", "UPDATE citations SET text = ?, text_length = ? WHERE id = ?", .text(text),
                    .int(Int64(CitationInput.characterCount(text))))
            }
            if let back = fields.back { try set("back", "UPDATE citations SET back = ? WHERE id = ?", .optional(back)) }
            if let author = fields.author { try set("author", "UPDATE citations SET author = ? WHERE id = ?", .optional(author)) }
            if let source = fields.source { try set("source", "UPDATE citations SET source = ? WHERE id = ?", .optional(source)) }
            if let favourite = fields.favourite {
                try set("favourite", "UPDATE citations SET favourite = ? WHERE id = ?", .bool(favourite))
            }
            if let archived = fields.archived {
                try set("archived", "UPDATE citations SET archived_at = ? WHERE id = ?", .optional(archived))
            }
            if let created = fields.created {
                try set("created", "UPDATE citations SET created_at = ? WHERE id = ?", .int(created.seconds))
            }
            if let card = fields.card {
                try set(
                    "card",
                    """
                    INSERT INTO cards (citation_id, marked, is_card, archived)
                    SELECT c.id, ?1, coalesce(?1, c.back IS NOT NULL AND c.back != ''), c.archived_at IS NOT NULL FROM citations c
                    WHERE c.id = ?2 AND (?1 IS NOT NULL OR (c.back IS NOT NULL AND c.back != '') OR c.id IN (SELECT citation_id FROM cards))
                    ON CONFLICT (citation_id) DO UPDATE SET marked = excluded.marked, is_card = excluded.is_card
                    """, card.map { .bool($0) } ?? .null)
            }
            for (key, on) in fields.tags.sorted(by: { $0.key < $1.key }) {
                guard registers.take("tag:" + key, clock) else { continue }
                changed = true
                if local != nil { continue }
                if on {
                    let tagID = try tagID(named: key, createWithColor: nil)
                    try db.run("INSERT OR IGNORE INTO citation_tags (citation_id, tag_id) VALUES (?, ?)", .int(id), .int(tagID))
                } else {
                    try db.run(
                        "DELETE FROM citation_tags WHERE citation_id = ? AND tag_id IN (SELECT id FROM tags WHERE key = ?)", .int(id),
                        .text(key))
                }
            }
            try saveRegisterClocks(entity, registers)
            try setUpdated(uuid: uuid, registers)
            return changed ? .changed : .unchanged
        }
    }

    /// A citation new here, made from another machine's first line of it (its fields take
    /// their clocks afterwards); its id.
    private func insertCitation(uuid: String, text: String, _ fields: CitationFields, clock: SyncClock) throws(SQLiteError) -> Int64 {
        let created = fields.created ?? clock.time
        try db.run(
            """
            INSERT INTO citations (uuid, text, back, author, source, favourite, created_at, updated_at, archived_at, text_length)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            .text(uuid), .text(text), .optional(fields.back ?? nil), .optional(fields.author ?? nil),
            .optional(fields.source ?? nil), .bool(fields.favourite ?? false), .int(created.seconds), .int(created.seconds),
            .optional(fields.archived ?? nil), .int(Int64(CitationInput.characterCount(text))))
        return db.lastInsertRowID
    }

    /// Deletes `uuid` for good (a tombstone wins over every edit).
    /// `trashedAt`: for another machine's deletion, the time it is applied here; the citation
    /// is kept in the trash (`Library+SyncTrash.swift`) for `trashDays`.
    package func applyDelete(uuid: String, clock: SyncClock, trashedAt: Timestamp? = nil) throws(StoreError) -> Applied {
        if let trashedAt { try trash(uuid: uuid, machine: clock.machine, at: trashedAt) }
        return try mapped {
            let had = try db.scalar("SELECT count(*) FROM citations WHERE uuid = ?", .text(uuid)) ?? 0
            try db.run(
                "INSERT INTO sync_tombstones (uuid, clock) VALUES (?, ?) ON CONFLICT (uuid) DO UPDATE SET clock = min(clock, excluded.clock)",
                .text(uuid), .text(clock.description))
            try db.run("DELETE FROM citations WHERE uuid = ?", .text(uuid))
            try db.run("DELETE FROM sync_registers WHERE entity = ?", .text(SyncEntity.citation(uuid).key))
            try db.run("DELETE FROM sync_waiting WHERE uuid = ?", .text(uuid))
            return had > 0 ? .changed : .unchanged
        }
    }

    /// Applies a tag's name, colour and whether it was made or deleted, where they win.
    package func applyTag(key: String, name: String?, color: String?, live: Bool?, clock: SyncClock) throws(StoreError) -> Applied {
        let entity = SyncEntity.tag(key)
        var registers = try registerClocks(entity)
        return try mapped {
            var changed = false
            let existing = try db.scalar("SELECT id FROM tags WHERE key = ?", .text(key))
            if let live, registers.take("live", clock) {
                try db.run(
                    "INSERT INTO sync_tag_live (key, live) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET live = excluded.live", .text(key),
                    .bool(live))
                if live, existing == nil {
                    _ = try tagID(named: key, createWithColor: nil)
                    changed = true
                }
            }
            if let name, registers.take("name", clock) {
                _ = try tagID(named: key, createWithColor: nil)
                try db.run("UPDATE tags SET name = ? WHERE key = ?", .text(name), .text(key))
                changed = true
            }
            if let color, registers.take("color", clock) {
                _ = try tagID(named: key, createWithColor: nil)
                try db.run("UPDATE tags SET color = ? WHERE key = ?", .text(color), .text(key))
                changed = true
            }
            try saveRegisterClocks(entity, registers)
            return changed ? .changed : .unchanged
        }
    }

    /// Removes the tags deleted by their last `live` change that no citation has (run after
    /// every change of a sync is applied: a tag stays while a citation has it).
    package func removeDeadSyncTags() throws(StoreError) {
        try mapped {
            try db.run(
                "DELETE FROM tags WHERE key IN (SELECT key FROM sync_tag_live WHERE live = 0) AND id NOT IN (SELECT tag_id FROM citation_tags)"
            )
        }
    }

    /// Keeps a change for a citation not here yet.
    package func keepWaiting(machine: String, seq: Int64, uuid: String, line: String) throws(StoreError) {
        try mapped {
            try db.run(
                "INSERT OR IGNORE INTO sync_waiting (machine, seq, uuid, line) VALUES (?, ?, ?, ?)", .text(machine), .int(seq), .text(uuid),
                .text(line))
        }
    }

    /// The kept changes of citations that are here now, taken out of waiting.
    package func takeReadyWaiting() throws(StoreError) -> [(machine: String, line: String)] {
        try mapped {
            // (EXISTS, not IN: SQLite would walk every citation's uuid and look for it here.)
            let ready = try db.query(
                """
                SELECT w.machine, w.line FROM sync_waiting w WHERE EXISTS (SELECT 1 FROM citations c WHERE c.uuid = w.uuid)
                ORDER BY w.machine, w.seq
                """, [], { ($0.text(0), $0.text(1)) })
            if !ready.isEmpty {
                try db.run("DELETE FROM sync_waiting WHERE EXISTS (SELECT 1 FROM citations c WHERE c.uuid = sync_waiting.uuid)")
            }
            return ready
        }
    }
}
