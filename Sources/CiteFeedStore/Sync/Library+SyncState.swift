import CiteFeedModel
import CiteFeedSupport

/// What sync remembers of the folder: how far each file was read, the last change applied of
/// each machine.
extension Library {
    package struct SyncMachineState: Equatable, Sendable {
        package var machine: String
        package var name: String
        package var applied: Int64
        package var lastClock: String?
        /// Why its changes stopped being read, until a sync reads them again.
        package var problem: SyncProblem?

        package init(machine: String, name: String, applied: Int64, lastClock: String? = nil, problem: SyncProblem? = nil) {
            self.machine = machine
            self.name = name
            self.applied = applied
            self.lastClock = lastClock
            self.problem = problem
        }
    }

    package func syncMachines() throws(StoreError) -> [SyncMachineState] {
        try mapped {
            try db.query("SELECT machine, name, applied, last_clock, problem FROM sync_machines ORDER BY machine") {
                SyncMachineState(
                    machine: $0.text(0), name: $0.text(1), applied: $0.int(2), lastClock: $0.optionalText(3),
                    problem: $0.optionalText(4).map(SyncProblem.init(stored:)))
            }
        }
    }

    package func saveSyncMachine(_ state: SyncMachineState) throws(StoreError) {
        try mapped {
            try db.run(
                """
                INSERT INTO sync_machines (machine, name, applied, last_clock, problem) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (machine) DO UPDATE SET name = excluded.name, applied = excluded.applied, last_clock = excluded.last_clock,
                    problem = excluded.problem
                """, .text(state.machine), .text(state.name), .int(state.applied), .optional(state.lastClock),
                .optional(state.problem?.stored))
        }
    }

    /// How far `file` of `machine` was read: its byte offset and the number of its last line read.
    package func syncOffset(machine: String, file: String) throws(StoreError) -> (offset: Int64, line: Int) {
        try mapped {
            try db.query("SELECT offset, line FROM sync_files WHERE machine = ? AND file = ?", [.text(machine), .text(file)]) {
                ($0.int(0), Int($0.int(1)))
            }.first ?? (0, 0)
        }
    }

    package func saveSyncOffset(machine: String, file: String, offset: Int64, line: Int) throws(StoreError) {
        try mapped {
            try db.run(
                """
                INSERT INTO sync_files (machine, file, offset, line) VALUES (?, ?, ?, ?)
                ON CONFLICT (machine, file) DO UPDATE SET offset = excluded.offset, line = excluded.line
                """, .text(machine), .text(file), .int(offset), .int(Int64(line)))
        }
    }

    /// Notes that `observer` had applied `machine`'s changes through `seen` at `wall`.
    package func addHorizon(observer: String, machine: String, seen: Int64, wall: Timestamp) throws(StoreError) {
        try mapped {
            try db.run(
                "INSERT INTO sync_horizons (observer, machine, seen, wall) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET wall = min(wall, excluded.wall)",
                .text(observer), .text(machine), .int(seen), .int(wall.seconds))
        }
    }
}

extension Library {
    /// Local changes noted and not yet captured (those captured and not yet in the folder are
    /// in the outbox).
    package func syncDirtyCount() throws(StoreError) -> Int {
        try mapped { Int(try db.scalar("SELECT count(DISTINCT entity) FROM sync_dirty") ?? 0) }
    }
}

extension Library {
    /// Counts lines of this machine's log made useless by later ones (`compactionWorthwhile`).
    package func addSuperseded(_ n: Int) throws(StoreError) {
        try setMeta("sync_superseded", String((Int(try meta("sync_superseded") ?? "") ?? 0) + n))
    }

    /// Whether at least a quarter of the lines written since the last snapshot (through `seq`)
    /// were made useless by later ones.
    package func compactionWorthwhile(seq: Int64) throws(StoreError) -> Bool {
        let superseded = Int64(try meta("sync_superseded") ?? "") ?? 0
        let since = seq - (Int64(try meta("sync_compacted_seq") ?? "") ?? 0)
        return superseded > 0 && superseded * 4 >= since
    }

    /// Notes a snapshot written through `seq`.
    package func compacted(seq: Int64) throws {
        try write {
            try setMeta("sync_compacted_seq", String(seq))
            try setMeta("sync_superseded", "0")
        }
    }
}

extension Library {
    /// The inode of the library's file when it last synced (`nil` before): another one means
    /// the library was copied or restored from a backup since (`renewSyncMachine`).
    package func syncLibraryFile() throws(StoreError) -> UInt64? { UInt64(try meta("sync_file") ?? "") }

    package func setSyncLibraryFile(_ inode: UInt64) throws(StoreError) { try setMeta("sync_file", String(inode)) }

    /// Takes a new machine id, for a library copied or restored from a backup: its copy (or the
    /// library it was, before the backup) may go on writing changes numbered as this one's
    /// next, and one machine's numbers must name one change. The old id becomes a machine of the
    /// folder like the others, whose changes through this library's last are here; those after
    /// it (made since the backup, or by the copy) are applied at this sync. Returns the new id.
    ///
    /// `written`: the old id's changes numbered past this library's last. The answers and picks
    /// among them that are rows here not yet synced (made before the copy or the backup, and
    /// synced since by the original) are those rows: they take the change's id, instead of
    /// being captured again under the new one (one answer would count twice). `inode` is noted
    /// in the same transaction (a sync that fails after does not renew again).
    package func renewSyncMachine(name: String, written: [SyncLine], inode: UInt64?) throws -> String {
        try write { () throws -> String in
            let old = try syncMachine()
            try mapped {
                for line in written {
                    switch line.change {
                    case .answer(let uuid, let id, let at, let grade):
                        try db.run(
                            """
                            UPDATE reviews SET sync_id = ? WHERE id = (
                                SELECT r.id FROM reviews r JOIN citations c ON c.id = r.citation_id
                                WHERE r.sync_id IS NULL AND c.uuid = ? AND r.reviewed_at = ? AND r.grade = ? ORDER BY r.id LIMIT 1)
                            """, .text(id), .text(uuid), .int(at.seconds), .int(Int64(grade)))
                    case .pick(let pick):
                        try db.run(
                            """
                            UPDATE picks SET sync_id = ?, sync_clock = ? WHERE id = (
                                SELECT p.id FROM picks p JOIN citations c ON c.id = p.citation_id
                                WHERE p.sync_id IS NULL AND p.rotation = ? AND p.slot_start = ? AND c.uuid = ? ORDER BY p.id LIMIT 1)
                            """, .text("\(old):\(line.seq)"), .text(line.clock.sortKey), .text(pick.rotation),
                            .int(pick.slot.start.seconds),
                            .text(pick.uuid))
                    default: break
                    }
                }
            }
            if let inode { try setSyncLibraryFile(inode) }
            try saveSyncMachine(SyncMachineState(machine: old, name: name, applied: try nextSyncSeq() - 1))
            let id = UUIDString.random()
            try setMeta("sync_machine", id)
            try setMeta("sync_seq", "0")
            try mapped { try db.run("DELETE FROM meta WHERE key IN ('sync_superseded', 'sync_compacted_seq')") }
            return id
        }
    }
}
