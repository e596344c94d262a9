import CiteFeedModel
import CiteFeedSupport

/// What sync keeps in the library (ARCHITECTURE.md, "Sync"): this machine's id and clock, the
/// triggers that note local changes, and the clocks of the synced fields.
extension Library {
    /// The triggers that note every local change in `sync_dirty` (plain inserts, a change noted
    /// as often as it is made: an `INSERT OR IGNORE` in a trigger takes the conflict rule of the
    /// statement that fired it, and an import's `INSERT OR FAIL` failed on a second note), made by the first `sync`
    /// (and again by each, in case a migration remade a table): a library that never syncs pays
    /// nothing for them.
    static let syncTriggers = """
        CREATE TRIGGER IF NOT EXISTS sync_citation_insert AFTER INSERT ON citations
            WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'sync_applying') BEGIN
            INSERT INTO sync_dirty VALUES ('c:' || new.uuid, '*');
        END;
        CREATE TRIGGER IF NOT EXISTS sync_citation_update AFTER UPDATE ON citations
            WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'sync_applying') BEGIN
            INSERT INTO sync_dirty SELECT 'c:' || new.uuid, 'text' WHERE old.text IS NOT new.text;
            INSERT INTO sync_dirty SELECT 'c:' || new.uuid, 'back' WHERE old.back IS NOT new.back;
            INSERT INTO sync_dirty SELECT 'c:' || new.uuid, 'author' WHERE old.author IS NOT new.author;
            INSERT INTO sync_dirty SELECT 'c:' || new.uuid, 'source' WHERE old.source IS NOT new.source;
            INSERT INTO sync_dirty SELECT 'c:' || new.uuid, 'favourite' WHERE old.favourite IS NOT new.favourite;
            INSERT INTO sync_dirty SELECT 'c:' || new.uuid, 'archived' WHERE old.archived_at IS NOT new.archived_at;
            INSERT INTO sync_dirty SELECT 'c:' || new.uuid, 'created' WHERE old.created_at IS NOT new.created_at;
            INSERT INTO sync_dirty SELECT 'c:' || new.uuid, 'updated' WHERE old.updated_at IS NOT new.updated_at;
        END;
        CREATE TRIGGER IF NOT EXISTS sync_citation_delete AFTER DELETE ON citations
            WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'sync_applying') BEGIN
            INSERT INTO sync_dirty VALUES ('c:' || old.uuid, 'deleted');
        END;
        CREATE TRIGGER IF NOT EXISTS sync_tagging_insert AFTER INSERT ON citation_tags
            WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'sync_applying') BEGIN
            INSERT INTO sync_dirty SELECT 'c:' || c.uuid, 'tag:' || t.key FROM citations c, tags t
            WHERE c.id = new.citation_id AND t.id = new.tag_id;
        END;
        CREATE TRIGGER IF NOT EXISTS sync_tagging_delete AFTER DELETE ON citation_tags
            WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'sync_applying') BEGIN
            INSERT INTO sync_dirty SELECT 'c:' || c.uuid, 'tag:' || t.key FROM citations c, tags t
            WHERE c.id = old.citation_id AND t.id = old.tag_id;
        END;
        CREATE TRIGGER IF NOT EXISTS sync_tag_insert AFTER INSERT ON tags
            WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'sync_applying') BEGIN
            INSERT INTO sync_dirty VALUES ('t:' || new.key, '*');
        END;
        CREATE TRIGGER IF NOT EXISTS sync_tag_update AFTER UPDATE ON tags
            WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'sync_applying') BEGIN
            INSERT INTO sync_dirty VALUES ('t:' || new.key, '*');
            INSERT INTO sync_dirty SELECT 't:' || old.key, 'deleted' WHERE old.key != new.key;
            INSERT INTO sync_dirty SELECT 'c:' || c.uuid, 'tag:' || k.key
            FROM citation_tags ct JOIN citations c ON c.id = ct.citation_id, (SELECT old.key AS key UNION SELECT new.key) k
            WHERE ct.tag_id = new.id AND old.key != new.key;
        END;
        CREATE TRIGGER IF NOT EXISTS sync_tag_delete BEFORE DELETE ON tags
            WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'sync_applying') BEGIN
            INSERT INTO sync_dirty SELECT 'c:' || c.uuid, 'tag:' || old.key
            FROM citation_tags ct JOIN citations c ON c.id = ct.citation_id WHERE ct.tag_id = old.id;
            INSERT INTO sync_dirty VALUES ('t:' || old.key, 'deleted');
        END;
        CREATE TRIGGER IF NOT EXISTS sync_card_insert AFTER INSERT ON cards WHEN new.marked IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'sync_applying') BEGIN
            INSERT INTO sync_dirty SELECT 'c:' || c.uuid, 'card' FROM citations c WHERE c.id = new.citation_id;
        END;
        CREATE TRIGGER IF NOT EXISTS sync_card_update AFTER UPDATE OF marked ON cards WHEN old.marked IS NOT new.marked
            AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'sync_applying') BEGIN
            INSERT INTO sync_dirty SELECT 'c:' || c.uuid, 'card' FROM citations c WHERE c.id = new.citation_id;
        END;
        CREATE TRIGGER IF NOT EXISTS sync_review_delete AFTER DELETE ON reviews WHEN old.sync_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'sync_applying') BEGIN
            INSERT INTO sync_dirty VALUES ('x:' || old.sync_id, 'undo');
        END;
        """

    /// This library's machine id for sync, made (with the triggers) when first asked for.
    package func syncMachine() throws(StoreError) -> String {
        if let id = try meta("sync_machine") { return id }
        let id = UUIDString.random()
        try mapped {
            try db.execute(Library.syncTriggers)
            // Everything already here is this machine's first change (its citations are
            // found by `unsyncedCitations`: they have no registers).
            try db.run("INSERT INTO sync_dirty SELECT 't:' || key, '*' FROM tags")
        }
        try setMeta("sync_machine", id)
        return id
    }

    /// Whether this library has synced (or been asked for its machine id).
    package func syncEnabled() throws(StoreError) -> Bool { try meta("sync_machine") != nil }

    /// Makes the triggers again where a migration dropped them.
    /// `onlyWhenMissing`: only when they are not all there as this build defines them (each
    /// schema change costs every prepared statement, and a sync with nothing to do is cheap).
    package func ensureSyncTriggers(onlyWhenMissing: Bool = false) throws(StoreError) {
        if onlyWhenMissing, try meta("sync_triggers") == Library.syncTriggersFingerprint {
            let count = try mapped {
                try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'sync_*'") ?? 0
            }
            if count == Library.syncTriggerCount { return }
        }
        try mapped { try db.execute(Library.syncTriggerDrops + Library.syncTriggers) }
        try setMeta("sync_triggers", Library.syncTriggersFingerprint)
    }

    static let syncTriggerCount = Int64(syncTriggers.split(separator: "\n").filter { $0.contains("CREATE TRIGGER") }.count)

    /// The triggers' definition, as a number (FNV-1a of its text).
    static let syncTriggersFingerprint: String = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in syncTriggers.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }()

    /// Stops the triggers from noting changes, in this transaction, while other machines'
    /// changes are applied (what they change is not this machine's change, and 100,000 notes
    /// made and cleared again cost a joining machine more than the changes themselves): each
    /// trigger's `WHEN` reads `meta.sync_applying`, so no schema changes (which cost every
    /// prepared statement, in each of a sync's transactions); `resumeSyncNotes` before the
    /// commit. Another command never sees the row: it lives and dies in one transaction.
    package func pauseSyncNotes() throws(StoreError) { try setMeta("sync_applying", "1") }

    package func resumeSyncNotes() throws(StoreError) {
        try mapped { try db.run("DELETE FROM meta WHERE key = 'sync_applying'") }
    }

    /// Drops the triggers, so that each sync makes them as this build defines them.
    static let syncTriggerDrops = syncTriggers.split(separator: "\n").compactMap { line -> String? in
        let words = line.split(separator: " ")
        guard words.count > 5, words[0] == "CREATE", words[1] == "TRIGGER" else { return nil }
        return "DROP TRIGGER IF EXISTS \(words[5]);\n"
    }.joined()

    /// The last clock this machine made or read.
    package func syncClock(machine: String) throws(StoreError) -> HybridClock {
        HybridClock(machine: machine, last: try meta("sync_clock").flatMap { SyncClock($0 + "-" + machine) })
    }

    package func saveSyncClock(_ clock: HybridClock) throws(StoreError) {
        try setMeta("sync_clock", "\(clock.last.milliseconds)-\(clock.last.counter)")
    }

    /// The next number of this machine's changes.
    package func nextSyncSeq() throws(StoreError) -> Int64 { (Int64(try meta("sync_seq") ?? "") ?? 0) + 1 }

    package func setSyncSeq(_ seq: Int64) throws(StoreError) { try setMeta("sync_seq", String(seq)) }

    /// What changed here since the last sync: entity → fields.
    /// `except`: entities left out (those a first sync captured in bulk).
    package func syncDirty(except: Set<SyncEntity> = []) throws(StoreError) -> [(entity: SyncEntity, fields: Set<String>)] {
        try mapped {
            var order: [SyncEntity] = []
            var fields: [SyncEntity: Set<String>] = [:]
            // A key of no known kind (written by a later citefeed) is left for that one.
            for (key, field) in try db.query(
                "SELECT entity, field FROM sync_dirty ORDER BY entity, field", [], { ($0.text(0), $0.text(1)) })
            {
                guard let entity = SyncEntity(key: key), !except.contains(entity) else { continue }
                if fields[entity] == nil { order.append(entity) }
                fields[entity, default: []].insert(field)
            }
            return order.map { ($0, fields[$0]!) }
        }
    }

    package func clearSyncDirty() throws(StoreError) {
        try mapped { try db.run("DELETE FROM sync_dirty") }
    }

    // MARK: Registers

    /// The clocks of an entity's fields (`""`: every field not named).
    package func registerClocks(_ entity: SyncEntity) throws(StoreError) -> SyncRegisters {
        try mapped {
            let text = try db.query("SELECT clocks FROM sync_registers WHERE entity = ?", [.text(entity.key)]) { $0.text(0) }.first
            return SyncRegisters(text: text)
        }
    }

    package func saveRegisterClocks(_ entity: SyncEntity, _ registers: SyncRegisters) throws(StoreError) {
        try mapped {
            try db.run(
                "INSERT INTO sync_registers (entity, clocks) VALUES (?, ?) ON CONFLICT (entity) DO UPDATE SET clocks = excluded.clocks",
                .text(entity.key), .text(registers.text))
        }
    }

    /// Every citation deleted for good.
    package func tombstones() throws(StoreError) -> [String] {
        try mapped { try db.query("SELECT uuid FROM sync_tombstones") { $0.text(0) } }
    }

    package func tombstone(_ uuid: String) throws(StoreError) -> Bool {
        try mapped { try db.scalar("SELECT count(*) FROM sync_tombstones WHERE uuid = ?", .text(uuid)) ?? 0 > 0 }
    }
}

/// The clocks of one entity's synced fields, as kept in `sync_registers`: a JSON object of
/// clock (`MS-N-MACHINE`) → the fields it holds, comma-separated (a citation made by one change
/// has one clock for all its fields: 150 bytes a citation instead of 600); `""` holds the clock
/// of every field not named.
package struct SyncRegisters: Equatable {
    package var base: SyncClock?
    package var fields: [String: SyncClock] = [:]

    package init(text: String?) {
        guard let text, let json = try? JSONParser.parse(text), case .object(let members) = json else { return }
        for (key, value) in members {
            guard let names = value.stringValue else { continue }
            if key.isEmpty {
                base = SyncClock(names)
            } else if let clock = SyncClock(key) {
                for name in names.split(separator: ",") { fields[String(name)] = clock }
            }
        }
    }

    package var text: String {
        var members: [(String, JSONValue)] = []
        if let base { members.append(("", .string(base.description))) }
        var byClock: [SyncClock: [String]] = [:]
        for (name, clock) in fields { byClock[clock, default: []].append(name) }
        for (clock, names) in byClock.sorted(by: { $0.key < $1.key }) {
            members.append((clock.description, .string(names.sorted().joined(separator: ","))))
        }
        return JSONWriter.compact(.object(members))
    }

    package func clock(of field: String) -> SyncClock? { fields[field] ?? base }

    /// Sets `field`'s clock when `clock` is greater than the one it has; whether it was.
    package mutating func take(_ field: String, _ clock: SyncClock) -> Bool {
        if let current = self.clock(of: field), current >= clock { return false }
        fields[field] = clock
        return true
    }
}
