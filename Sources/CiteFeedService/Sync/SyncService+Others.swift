import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Other machines' lines, read from the folder a piece at a time (`SyncReader`, with no lock of
/// the library held), each piece then applied (`SyncApplier`) in a transaction of its own that
/// saves its place in the file, so a sync holds at most one piece whatever the folder holds, and
/// one stopped halfway goes on from the last piece it committed.
extension SyncService {
    /// What the steps after `capture` need of the command that runs them.
    package struct Host {
        /// Runs `body` in a transaction of its own, under the settings lock.
        package var transaction: (_ body: () throws -> Void) throws -> Void
        /// Writes settings other machines changed to settings.json (in the transaction):
        /// those that did not fit with this machine's others.
        package var writeSettings: ([SettingWrite]) throws -> [String]
        /// The library's study settings, as settings.json has them now.
        package var study: () throws -> Settings

        package init(
            transaction: @escaping (_ body: () throws -> Void) throws -> Void, writeSettings: @escaping ([SettingWrite]) throws -> [String],
            study: @escaping () throws -> Settings
        ) {
            self.transaction = transaction
            self.writeSettings = writeSettings
            self.study = study
        }
    }

    /// Most of a library deleted by one sync is more likely a mistake, or someone who could
    /// write to the folder, than what the user did: the folder is read through once before
    /// anything of it is applied, and nothing is, unless the user said so (`acceptDeletions`).
    /// Counted with what other machines deleted over the trash's 30 days (since the user last
    /// accepted such deletions), against the library as it was before them: half now and half
    /// at the next sync is most of it too. Throws `SyncError.massDeletion`.
    package func checkDeletions(_ run: Run) throws {
        guard !acceptDeletions else { return }
        let earlier = try library.trashedSinceAccepted()
        let base = try library.citationCount() + earlier
        // Too small a library to hold the folder's lines up for: not read twice.
        guard base >= SyncService.massDeletionFloor else { return }
        var report = Report(machine: run.report.machine)
        var counted = Set<String>()
        var by: [String: Int] = [:]
        for var state in try reader.others(report: &report) {
            let other = state.machine
            try reader.readNew(of: other, state: &state, report: &report) { piece, _ in
                for line in piece.lines {
                    // Only citations here count (one another machine made and deleted does not),
                    // each once: the set holds at most the library's uuids.
                    guard case .deleted(let uuid) = line.change, !counted.contains(uuid), try library.hasCitation(uuid: uuid) else {
                        continue
                    }
                    counted.insert(uuid)
                    by[other, default: 0] += 1
                }
            }
        }
        let deleted = counted.count, recent = earlier + deleted
        guard recent * 2 > base, deleted > 0 else { return }
        throw SyncError.massDeletion(
            deleted: deleted, recent: recent, of: base,
            by: by.map { SyncError.Deleter(name: report.names[$0.key] ?? "", machine: $0.key, count: $0.value) }.sorted {
                $0.machine < $1.machine
            })
    }

    /// Every other machine's new lines, a piece at a time: each applied in a transaction of
    /// `host`'s (what they change here is not this machine's: the triggers that note changes
    /// for the next sync are paused while they are applied), its settings written and its
    /// cards replayed. Small pieces (a few lines from each of several machines) wait to be
    /// applied together, up to half a piece's bytes; what is left waits for `conclude`, whose
    /// transaction applies it (a small sync commits twice, not once per machine).
    package func applyOthers(_ run: inout Run, host: Host) throws {
        for var state in try reader.others(report: &run.report) {
            let other = state.machine
            // What the reading notes (lines passed over, why it stopped), apart from the run
            // each piece changes.
            var noted = Report(machine: run.report.machine)
            try reader.readNew(of: other, state: &state, report: &noted) { piece, after in
                // A file with nothing new costs no transaction (the state is saved at the end).
                guard !piece.lines.isEmpty || piece.moved else { return }
                run.pending.append((piece, after))
                let bytes = run.pending.reduce(0) { $0 + $1.piece.bytes }, lines = run.pending.reduce(0) { $0 + $1.piece.lines.count }
                if bytes >= pieceBytes / 2 || lines >= SyncFolder.chunkLines / 2 {
                    try host.transaction { try applyPending(&run, host: host) }
                }
            }
            run.report.skipped += noted.skipped
            run.report.moreSkipped.merge(noted.moreSkipped, uniquingKeysWith: +)
            run.report.newer.merge(noted.newer) { $1 }
            run.report.unreadable.merge(noted.unreadable) { $1 }
            run.report.ahead.merge(noted.ahead) { $1 }
            run.seen[other] = state.applied
            run.states.append(state)
        }
    }

    /// Applies the pieces read and not yet applied, in the caller's transaction.
    func applyPending(_ run: inout Run, host: Host) throws {
        let pending = run.pending
        run.pending = []
        for (piece, state) in pending { try applyPiece(piece, from: state, run: &run, host: host) }
    }

    private func applyPiece(_ piece: SyncReader.Piece, from state: Library.SyncMachineState, run: inout Run, host: Host) throws {
        let other = state.machine
        if !piece.lines.isEmpty {
            var clock = try library.syncClock(machine: run.report.machine)
            let wall = now.seconds * 1000
            try library.pauseSyncNotes()
            for line in piece.lines {
                clock.observe(line.clock, wall: wall)
                try applier.apply(line, from: other, effects: &run.effects)
                if case .horizon = line.change {} else { run.report.applied += 1 }
            }
            try applier.settle(&run.effects)
            try library.saveSyncClock(clock)
            try library.resumeSyncNotes()
        }
        if let position = piece.position {
            try library.saveSyncOffset(machine: other, file: piece.file, offset: position.offset, line: position.line)
        }
        try library.saveSyncMachine(state)
        if !run.effects.writes.isEmpty {
            run.report.refused += try host.writeSettings(run.effects.writes)
            run.effects.writes = []
        }
        if !run.effects.replay.isEmpty {
            try cards.replay(run.effects.replay, with: try host.study())
            run.effects.replay = []
        }
    }
}
