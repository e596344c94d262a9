import CiteFeedModel
import CiteFeedSupport

/// Citations new to this library, met in one sync, written in one bulk load (ARCHITECTURE.md,
/// "Sync", "Compaction"): a machine joining a folder of 100,000 citations applies their lines
/// in memory first (each field a register, as `applyCitation` would) and writes each citation
/// once, with the import's bulk load, instead of a row and then an update per field.
extension Library {
    /// A citation made by the lines of one sync: its fields and their clocks. Most are made by
    /// one line (a joining machine reads 100,000 of them): until a second line comes, its fields
    /// keep that line's one clock, and no register per field.
    package struct NewSynced {
        package private(set) var fields = CitationFields()
        /// The one clock of every field, while one line made them all.
        private var single: SyncClock?
        private var registers = SyncRegisters(text: nil)

        package init() {}

        /// Takes the fields of `change` that win their registers at `clock`.
        package mutating func merge(_ change: CitationFields, clock: SyncClock) {
            if single == nil, registers.fields.isEmpty {
                // Every field wins against none: the fields as the line gives them.
                fields = change
                single = clock
                return
            }
            if let single {
                for name in fields.names { registers.fields[name] = single }
                self.single = nil
            }
            for name in change.names where registers.take(name, clock) {
                fields.take(name, from: change)
            }
        }

        /// The greatest clock of its fields.
        var newest: SyncClock? { single ?? registers.fields.values.max() }

        /// Its registers into `batch`, as `SyncRegisters.text` writes them.
        func add(to batch: inout RegisterBatch, uuid: String) {
            if let single {
                batch.add(uuid: uuid, clock: single, names: fields.names.sorted().joined(separator: ","))
            } else {
                batch.add(uuid: uuid, registers)
            }
        }
    }

    /// Writes the citations of `new` (each has its text) in one bulk load, with their tags,
    /// card marks and the clocks of their fields.
    package func insertSynced(_ new: [(uuid: String, citation: NewSynced)]) throws {
        guard !new.isEmpty else { return }
        var tagIDs: [String: Int64] = [:]
        for key in Set(new.flatMap { $0.citation.fields.tags.filter(\.value).keys }).sorted() {
            tagIDs[key] = try tagID(named: key, createWithColor: nil)
        }
        var ids: [(uuid: String, id: Int64)] = []
        try bulkLoad { load in
            try load.prepare(expected: Double(new.count))
            var next = max(load.highestID, load.firstNewID) + 1
            for (uuid, synced) in new {
                let f = synced.fields
                guard let text = f.text else { continue }
                var c = NewCitation(
                    text: text, back: f.back ?? nil, author: f.author ?? nil, source: f.source ?? nil, favourite: f.favourite ?? false)
                let newest = synced.newest
                let created =
                    f.created ?? newest.map(\.time) ?? Timestamp(seconds: 0)
                c.createdAt = created
                c.updatedAt = newest.map(\.time) ?? created
                c.archivedAt = f.archived ?? nil
                let tags = f.tags.filter(\.value).keys.sorted().compactMap { tagIDs[$0] }
                try load.insert(id: next, uuid: uuid, c, length: Int64(CitationInput.characterCount(text)), now: created, tagIDs: tags)
                ids.append((uuid, next))
                next += 1
            }
        }
        try mapped {
            guard let first = ids.first?.id, let last = ids.last?.id else { return }
            // As a change with `card` makes them (with no mark: a card when it has a back, and no
            // row when it has none), in one statement.
            try db.run(
                """
                INSERT INTO cards (citation_id, is_card, archived)
                SELECT id, 1, archived_at IS NOT NULL FROM citations WHERE id BETWEEN ? AND ? AND back IS NOT NULL AND back != ''
                ON CONFLICT (citation_id) DO NOTHING
                """, .int(first), .int(last))
            var registers = RegisterBatch()
            for ((uuid, synced), (_, id)) in zip(new.filter { $0.citation.fields.text != nil }, ids) {
                synced.add(to: &registers, uuid: uuid)
                if case .some(.some(let mark)) = synced.fields.card {
                    try db.run(
                        """
                        INSERT INTO cards (citation_id, marked, is_card, archived) SELECT id, ?1, ?1, archived_at IS NOT NULL FROM citations
                        WHERE id = ?2 ON CONFLICT (citation_id) DO UPDATE SET marked = excluded.marked, is_card = excluded.is_card
                        """, .bool(mark), .int(id))
                }
            }
            try saveRegisters(registers)
        }
    }
}
