import CiteFeedModel
import CiteFeedSupport

/// Picks and settings through sync (ARCHITECTURE.md, "Sync", "Picks"): every machine's picks
/// in one history per rotation, ordered by one rule, and the synced copy of the settings.
extension Library {
    /// A pick made here and not yet in the folder.
    package struct LocalPick {
        package var pickID: Int64
        package var pick: SyncPick
    }

    /// The picks made here since the last sync (or ever, at the first), oldest first.
    package func unsyncedPicks() throws(StoreError) -> [LocalPick] {
        try mapped {
            try db.query(
                """
                SELECT p.id, p.rotation, p.slot_start, p.slot_end, c.uuid, p.reason, p.picked_at, p.cycle, p.snapshot
                FROM picks p JOIN citations c ON c.id = p.citation_id WHERE p.sync_id IS NULL ORDER BY p.id
                """
            ) { s in
                LocalPick(
                    pickID: s.int(0),
                    pick: SyncPick(
                        rotation: s.text(1), slot: Slot(start: Timestamp(seconds: s.int(2)), end: Timestamp(seconds: s.int(3))),
                        uuid: s.text(4), reason: Pick.Reason(rawValue: s.text(5)) ?? .rotate, pickedAt: Timestamp(seconds: s.int(6)),
                        cycle: s.int(7), snapshot: (try? JSONParser.parse(s.text(8))) ?? .object([])))
            }
        }
    }

    package func setPickSyncID(_ pickID: Int64, _ id: String, clock: SyncClock) throws(StoreError) {
        try mapped {
            try db.run("UPDATE picks SET sync_id = ?, sync_clock = ? WHERE id = ?", .text(id), .text(clock.sortKey), .int(pickID))
        }
    }

    package enum PickApplied: Equatable {
        /// Added to the history of this rotation, from this slot on to be put in order.
        case added(rotation: String, from: Timestamp)
        case unchanged
        case waiting
    }

    /// Adds another machine's pick (`id`: `MACHINE:SEQ` of its change).
    package func applyPick(_ pick: SyncPick, id: String, clock: SyncClock) throws(StoreError) -> PickApplied {
        if try tombstone(pick.uuid) { return .unchanged }
        return try mapped {
            guard let citation = try db.scalar("SELECT id FROM citations WHERE uuid = ?", .text(pick.uuid)) else { return .waiting }
            if try db.scalar("SELECT 1 FROM picks WHERE sync_id = ?", .text(id)) != nil { return .unchanged }
            // What was shown, with this machine's id of the citation (the snapshot's is its machine's).
            var snapshot = pick.snapshot
            if case .object(var members) = snapshot {
                members.removeAll { $0.0 == "id" }
                snapshot = .object([("id", .int(citation))] + members)
            }
            try db.run(
                """
                INSERT INTO picks (slot_start, slot_end, picked_at, citation_id, cycle, reason, snapshot, rotation, sync_id, sync_clock)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, .int(pick.slot.start.seconds), .int(pick.slot.end.seconds), .int(pick.pickedAt.seconds), .int(citation),
                .int(pick.cycle), .text(pick.reason.rawValue), .text(JSONWriter.compact(snapshot)), .text(pick.rotation), .text(id),
                .text(clock.sortKey))
            return .added(rotation: pick.rotation, from: pick.slot.start)
        }
    }

    /// Puts the history of `rotation` from the slot starting at `from` in the order every
    /// machine gives it: by slot, and in a slot by clock, so the pick shown in a slot (the last)
    /// is the one made last, whichever machine made it. Nothing is dropped: the order is a
    /// function of the set of picks, whatever arrives or is deleted later (a rule that kept
    /// one pick per slot lost a slot's pick where the one it kept was deleted afterwards). The
    /// picks keep their columns; their ids follow that order.
    package func orderPicks(rotation: String, from: Timestamp) throws(StoreError) {
        try mapped {
            let columns = "slot_start, slot_end, picked_at, citation_id, cycle, reason, snapshot, rotation, sync_id, sync_clock"
            let rows = try db.query(
                "SELECT id, \(columns) FROM picks WHERE rotation = ? AND slot_start >= ? ORDER BY id",
                [.text(rotation), .int(from.seconds)]
            ) { s in (id: s.int(0), start: s.int(1), clock: s.optionalText(10) ?? "", values: (1...10).map { s.value(Int32($0)) }) }
            let ordered = rows.sorted { ($0.start, $0.clock) < ($1.start, $1.clock) }
            guard ordered.map(\.id) != rows.map(\.id) else { return }
            for row in ordered { try db.run("DELETE FROM picks WHERE id = ?", .int(row.id)) }
            let insert = try db.prepare("INSERT INTO picks (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
            for row in ordered {
                insert.reset()
                try insert.bind(row.values)
                while try insert.step() {}
            }
        }
    }

    // MARK: Settings

    /// The synced copy of the settings: rotation → key → value (`nil`: the default); a
    /// rotation compared once has the key "".
    package func syncedSettings() throws(StoreError) -> [String: [String: JSONValue?]] {
        try mapped {
            var result: [String: [String: JSONValue?]] = [:]
            for (rotation, key, value) in try db.query(
                "SELECT rotation, key, value FROM sync_settings", [],
                {
                    ($0.text(0), $0.text(1), $0.optionalText(2))
                })
            {
                result[rotation, default: [:]][key] = .some(value.flatMap { try? JSONParser.parse($0) })
            }
            return result
        }
    }

    package func saveSyncedSetting(rotation: String, key: String, _ value: JSONValue?) throws(StoreError) {
        try mapped {
            try db.run(
                "INSERT INTO sync_settings (rotation, key, value) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value",
                .text(rotation), .text(key), .optional(value.map(JSONWriter.compact)))
        }
    }

    package func setLibrarySeed(_ seed: Int64) throws(StoreError) { try setMeta("seed", String(seed)) }
}
