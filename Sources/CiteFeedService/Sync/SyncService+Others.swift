import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Other machines' lines, read from the folder a piece at a time (ARCHITECTURE.md, "Sync"):
/// each piece is read with no lock of the library held (a folder on a slow or hung file
/// system stops only this sync), then applied in a transaction of its own that saves its place
/// in the file, so a sync holds at most one piece (`SyncFolder.chunkBytes`, `chunkLines`)
/// whatever the folder holds, and one stopped halfway goes on from the last piece it committed.
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

    /// A piece of another machine's new lines (`readNew`).
    struct Piece {
        var file: String
        /// The lines numbered past the last one applied, in order.
        var lines: [SyncLine]
        /// Where the next read of the file starts; `nil` when the piece stopped at a line that
        /// waits (the piece is read again next time, and the lines applied passed over).
        var position: (offset: Int64, line: Int)?
        /// Whether the read moved on in the file (blank lines, or lines applied before).
        var moved: Bool
        /// The bytes of its lines.
        var bytes = 0
    }

    /// Reads `other`'s files from where this machine stopped, giving `body` each piece of new
    /// lines with the machine's state after them (`applied`: the last line's number). Lines
    /// that cannot be read are noted in `report`; a file that cannot be read, a line of a newer
    /// format and a clock more than `HybridClock.maximumLead` ahead of this machine's stop the
    /// machine's reading (its state's `problem` says why; the others are read all the same).
    func readNew(
        of other: String, state: inout Library.SyncMachineState, report: inout Report,
        _ body: (Piece, Library.SyncMachineState) throws -> Void
    ) throws {
        let wall = now.seconds * 1000
        state.problem = nil
        files: for file in folder.files(of: other) {
            var (offset, lineNumber) = try library.syncOffset(machine: other, file: file)
            while true {
                try beforeRead?()
                let read: SyncFolder.Lines
                do {
                    read = try folder.completeLines(of: other, file, from: offset, lineNumber: lineNumber, chunk: pieceBytes)
                } catch {
                    // This machine's files wait (read again next time, from where they stopped).
                    report.unreadable[other] = error.message
                    state.problem = .unreadable(error.message)
                    break files
                }
                for number in read.tooLong {
                    SyncService.skip(
                        Skipped(
                            machine: other, name: state.name, file: file, line: number,
                            reason: .invalid("the line is longer than \(Posix.describe(bytes: SyncFolder.lineLimit)), which no change is")),
                        in: &report)
                }
                var piece = Piece(
                    file: file, lines: [], position: (read.end, read.lastNumber),
                    moved: read.end != offset || read.lastNumber != lineNumber,
                    bytes: read.lines.reduce(0) { $0 + $1.text.count })
                lines: for (number, parsed) in zip(read.lines.map(\.number), SyncService.parse(read.lines.map(\.text), machine: other)) {
                    let line: SyncLine
                    switch parsed {
                    case .success(let l): line = l
                    case .failure(.newerFormat(let v)):
                        report.newer[other] = v
                        state.problem = .newerFormat(v)
                        piece.position = nil
                        break lines
                    case .failure(let error):
                        SyncService.skip(Skipped(machine: other, name: state.name, file: file, line: number, reason: error), in: &report)
                        continue
                    }
                    guard line.seq > state.applied else { continue }
                    // One rule for every machine: a clock more than a day ahead of this
                    // machine's waits, with the lines after it (its register would beat every
                    // later edit, and a counter past 15 digits would be refused elsewhere).
                    if line.clock.milliseconds > wall + HybridClock.maximumLead {
                        report.ahead[other] = Ahead(file: file, line: number, clock: line.clock)
                        state.problem = .clockAhead(file: file, line: number, time: SyncService.clockTime(line.clock))
                        piece.position = nil
                        break lines
                    }
                    piece.lines.append(line)
                    state.applied = line.seq
                    state.lastClock = line.clock.description
                }
                try body(piece, state)
                if piece.position == nil { break files }
                (offset, lineNumber) = (read.end, read.lastNumber)
                if read.atEnd { break }
            }
        }
    }

    /// The other machines in the folder, each with its state here and its name from its
    /// `machine.json` (noted in `report`).
    func others(report: inout Report) throws -> [Library.SyncMachineState] {
        let states = Dictionary(uniqueKeysWithValues: try library.syncMachines().map { ($0.machine, $0) })
        return folder.machines().filter { $0 != report.machine }.map { other in
            var state = states[other] ?? Library.SyncMachineState(machine: other, name: "", applied: 0)
            state.name = folder.name(of: other) ?? state.name
            report.names[other] = state.name
            return state
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
        for var state in try others(report: &report) {
            let other = state.machine
            try readNew(of: other, state: &state, report: &report) { piece, _ in
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
        for var state in try others(report: &run.report) {
            let other = state.machine
            // What the reading notes (lines passed over, why it stopped), apart from the run
            // each piece changes.
            var noted = Report(machine: run.report.machine)
            try readNew(of: other, state: &state, report: &noted) { piece, after in
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

    private func applyPiece(_ piece: Piece, from state: Library.SyncMachineState, run: inout Run, host: Host) throws {
        let other = state.machine
        if !piece.lines.isEmpty {
            var clock = try library.syncClock(machine: run.report.machine)
            let wall = now.seconds * 1000
            try library.pauseSyncNotes()
            for line in piece.lines {
                clock.observe(line.clock, wall: wall)
                try apply(line, from: other, effects: &run.effects)
                if case .horizon = line.change {} else { run.report.applied += 1 }
            }
            try settle(&run.effects)
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
            try replay(run.effects.replay, with: try host.study())
            run.effects.replay = []
        }
    }

    /// What a piece's lines left to do: the citations new here written in bulk, then the
    /// answers and picks of them, the changes that waited for a citation that is here now,
    /// and the picks of each rotation put in order.
    func settle(_ effects: inout Effects) throws {
        repeat {
            try library.insertSynced(effects.freshOrder.compactMap { uuid in effects.fresh.removeValue(forKey: uuid).map { (uuid, $0) } })
            effects.fresh = [:]
            effects.freshOrder = []
            let afterFresh = effects.afterFresh
            effects.afterFresh = []
            try applyAfterFresh(afterFresh, effects: &effects)
            for (other, text) in try library.takeReadyWaiting() {
                if let json = try? JSONParser.parse(text), let line = try? SyncLine(json: json, machine: other) {
                    try apply(line, from: other, effects: &effects)
                }
            }
        } while !effects.fresh.isEmpty
        for (rotation, from) in effects.picks.sorted(by: { $0.key < $1.key }) { try library.orderPicks(rotation: rotation, from: from) }
        effects.picks = [:]
    }
}
