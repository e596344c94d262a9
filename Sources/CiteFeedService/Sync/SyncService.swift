import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// `citefeed sync` (ARCHITECTURE.md, "Sync"), in steps: this machine's changes
/// captured into the outbox in one transaction (`capture`), which reach the folder after its
/// commit (`flush`; a crash between the two writes them next time); other machines' lines
/// read from the folder and applied a piece at a time, each piece in a transaction of its own
/// with its place in the file (`SyncService+Others.swift`), so that no lock is held while the
/// folder is read and what a sync holds is bounded; then a last transaction (`conclude`).
package struct SyncService {
    let library: Library
    let folder: SyncFolder
    package let outbox: SyncOutbox
    let now: Timestamp
    let name: String
    /// The keys each rotation sets in settings.json, as written ("": the default rotation):
    /// read by the caller under the settings lock, in the transaction of `capture`.
    package var localSettings: [String: [String: JSONValue]] = [:]
    /// Whether to apply other machines' deletions of more than half of a library of
    /// `massDeletionFloor` citations or more (`sync --accept-deletions`); without it such a
    /// sync applies nothing (`SyncError.massDeletion`).
    package var acceptDeletions = false
    /// The size of library from which a sync that would delete most of it stops.
    package static let massDeletionFloor = 20
    /// The bytes of another machine's file read and applied at once (`SyncFolder.chunkBytes`;
    /// tests make it small).
    package var pieceBytes = SyncFolder.chunkBytes
    /// Called before each read of another machine's file (tests: what is locked then, or a
    /// sync that stops between two pieces).
    package var beforeRead: (() throws -> Void)?

    package init(library: Library, folder: SyncFolder, outbox: SyncOutbox, now: Timestamp, name: String) {
        self.library = library
        self.folder = folder
        self.outbox = outbox
        self.now = now
        self.name = name
    }

    /// A sync's first step, in a transaction of its own (the caller's): this machine's changes
    /// since the last sync captured as lines, into the outbox; the folder is not read.
    package func capture() throws -> Run {
        let machine = try library.syncMachine()
        try library.ensureSyncTriggers(onlyWhenMissing: true)
        var report = Report(machine: machine)
        var clock = try library.syncClock(machine: machine)
        let wall = now.seconds * 1000
        var seq = try library.nextSyncSeq()
        // The lines written now, into the outbox at the end (before the commit).
        var lines: [String] = []
        func emit(_ change: SyncChange, _ c: SyncClock) throws {
            lines.append(SyncLine(seq: seq, clock: c, change: change).text)
            seq += 1
            if case .horizon = change {} else { report.written += 1 }
        }
        /// A clock for a change of this machine's at `wall` ms, past each value it replaces
        /// (`held`): an edit made after seeing a value wins over it.
        func clockPast(_ held: [SyncClock?], wall at: Int64) -> SyncClock {
            var c = clock.tick(wall: at)
            for case let h? in held where h >= c { c = h.successor(on: machine) }
            // Past a value from a clock far ahead, this change beats it, but this machine's
            // clock does not follow it there, as it follows no clock it reads there (its later
            // changes would all carry that time).
            clock.observe(c, wall: wall)
            return c
        }
        var effects = Effects()
        // What other machines deleted more than `Library.trashDays` ago leaves the trash; what
        // is left counts with this sync's deletions (`checkDeletions`).
        try library.emptyTrash(before: now)
        // Lines of this machine's log made useless by the lines written now.
        var superseded = 0
        // Citations sync has never written (a first sync: all of them), in bulk, oldest
        // change first: each one's clock is its own time, and `updated_at` stays as it was.
        // This machine's edits since the last sync take clocks of their own times too, in one
        // order of time with those citations, before anything below takes one of now (the
        // clock never goes back: an edit made at 09:00 and synced at 11:00 after a setting
        // changed was clocked 11:00, and won over another machine's edit of 10:00).
        var unsynced = try library.unsyncedCitations()
        let done = Set(unsynced.map { SyncEntity.citation($0.uuid) })
        let dirty = try library.syncDirty(except: done)
        // Each edit as the loop below writes it: the fields changed, their registers, and
        // the clock it takes (the other notes of citations, a deletion or a change of time
        // only, are that loop's).
        var edits: [(entity: SyncEntity, at: Int64, change: CitationFields, registers: SyncRegisters, held: [SyncClock?])] = []
        for (entity, fields) in dirty {
            guard case .citation(let uuid) = entity else { continue }
            guard try !library.tombstone(uuid), let (current, updated) = try library.syncFields(uuid: uuid) else { continue }
            let change = fields.contains("*") ? current : current.restricted(to: fields)
            guard !change.isEmpty else { continue }
            let registers = try library.registerClocks(entity)
            edits.append((entity, min(updated.seconds * 1000, wall), change, registers, change.names.map(registers.clock(of:))))
        }
        edits.sort { ($0.at, $0.entity.key) < ($1.at, $1.entity.key) }
        var planned: [SyncEntity: (change: CitationFields, registers: SyncRegisters, held: [SyncClock?], clock: SyncClock)] = [:]
        var nextEdit = 0
        func clockEditsThrough(_ at: Int64) {
            while nextEdit < edits.count, edits[nextEdit].at <= at {
                let e = edits[nextEdit]
                planned[e.entity] = (e.change, e.registers, e.held, clockPast(e.held, wall: e.at))
                nextEdit += 1
            }
        }
        var captured: [(citation: Library.UnsyncedCitation, clock: SyncClock)] = []
        captured.reserveCapacity(unsynced.count)
        for citation in unsynced {
            let at = min(citation.updated.seconds * 1000, wall)
            clockEditsThrough(at)
            captured.append((citation, clockPast([], wall: at)))
        }
        unsynced = []
        clockEditsThrough(.max)
        edits = []
        let firstSeq = seq
        seq += Int64(captured.count)
        report.written += captured.count
        // The answers given here since the last sync, next.
        var answerLines: [SyncLine] = []
        var answerIDs: [(reviewID: Int64, id: String)] = []
        for answer in try library.unsyncedAnswers() {
            let id = "\(machine):\(seq)"
            answerLines.append(
                SyncLine(
                    seq: seq, clock: clock.tick(wall: wall), change: .answer(uuid: answer.uuid, id: id, at: answer.at, grade: answer.grade))
            )
            answerIDs.append((answer.reviewID, id))
            seq += 1
            // Its place among the answers of other machines is by time.
            effects.replay.insert(answer.citation)
        }
        report.written += answerLines.count
        // Their lines are written by another thread meanwhile (100,000 citations: 40 MB of JSON).
        let capturedLines = try LinesInBackground(captured, from: firstSeq, then: answerLines, into: outbox)
        answerLines = []
        try library.setAnswerSyncIDs(answerIDs)
        try library.saveCaptured(captured)
        captured = []
        // Settings first: a rotation met here for the first time takes the others' values.
        effects.writes = try captureSettings(machine: machine) { change, entity, field in
            var registers = try library.registerClocks(entity)
            // The library's seed keeps its first value: nothing to pass.
            let c = clockPast(field == SyncChange.librarySeed ? [] : [registers.clock(of: field)], wall: wall)
            try emit(change, c)
            registers.fields[field] = c
            try library.saveRegisterClocks(entity, registers)
        }
        // This machine's other changes since the last sync.
        for (entity, fields) in dirty {
            switch entity {
            case .citation(let uuid):
                // An edit, clocked above: an edit's time is the citation's, and beats the value
                // it replaces.
                if let edit = planned[entity] {
                    // A line of this machine's that this one makes useless: compaction has work.
                    if edit.held.contains(where: { $0?.machine == machine }) { superseded += 1 }
                    try emit(.citation(uuid: uuid, fields: edit.change), edit.clock)
                    _ = try library.applyCitation(uuid: uuid, edit.change, clock: edit.clock, local: edit.registers)
                    effects.editedHere.insert(uuid)
                    continue
                }
                // Deleted on another machine and made again here (an import of the same
                // highlight, whose uuid is derived from it): a deletion stays deleted.
                if try library.tombstone(uuid) {
                    _ = try library.applyDelete(uuid: uuid, clock: clock.tick(wall: wall))
                    continue
                }
                guard try library.syncFields(uuid: uuid) != nil else {
                    if fields.contains("deleted") {
                        superseded += 1
                        let c = clock.tick(wall: wall)
                        try emit(.deleted(uuid: uuid), c)
                        _ = try library.applyDelete(uuid: uuid, clock: c)
                    }
                    continue
                }
                // Only its time changed (an edit that changed nothing synced): once sync is on,
                // a citation's updated_at is its newest register's, the same everywhere.
                try library.setUpdated(uuid: uuid, try library.registerClocks(entity))
            case .undo(let id):
                superseded += 1
                try emit(.undo(id: id), clock.tick(wall: wall))
                if let citation = try library.applyUndo(id) { effects.replay.insert(citation) }
            case .tag(let key):
                let c = clock.tick(wall: wall)
                if let tag = try library.syncTag(key: key) {
                    try emit(.tag(key: key, name: tag.name, color: tag.color, live: true), c)
                    _ = try library.applyTag(key: key, name: tag.name, color: tag.color, live: true, clock: c)
                } else if fields.contains("deleted") {
                    try emit(.tag(key: key, name: nil, color: nil, live: false), c)
                    _ = try library.applyTag(key: key, name: nil, color: nil, live: false, clock: c)
                }
            case .settings:
                break  // settings are captured above; the library's triggers never note them
            }
        }
        try capturePicks(machine: machine) { change in
            let c = clock.tick(wall: wall)
            let this = seq
            try emit(change, c)
            return (this, c)
        }
        // The notes of what was captured (and of what capturing wrote) go with it: what the
        // user changes after this commit, while other machines' lines are applied, is noted
        // for the next sync.
        try library.clearSyncDirty()
        if let file = try capturedLines.finish() {
            try outbox.finish(file, lines)
        } else if !lines.isEmpty {
            try outbox.write(lines)
        }
        try library.setSyncSeq(seq - 1)
        if superseded > 0 { try library.addSuperseded(superseded) }
        try library.saveSyncClock(clock)
        return Run(report: report, effects: effects)
    }

    /// What a sync carries from step to step: its report, what is left to do once every line
    /// is applied, and where it stands with each other machine.
    package struct Run {
        package var report: Report
        var effects = Effects()
        /// Each other machine's last change applied here (the horizon line's).
        var seen: [String: Int64] = [:]
        /// Each other machine's state as the reading of its files left it.
        var states: [Library.SyncMachineState] = []
        /// Pieces read and not yet applied (`applyOthers`), with their machine's state after
        /// them.
        var pending: [(piece: Piece, state: Library.SyncMachineState)] = []
    }

    /// A sync's last step, in the caller's transaction (with the rotations' refresh): the
    /// pieces of other machines' lines not yet applied, each machine's state, the tags no machine uses, and a horizon line (what this machine has
    /// seen of each other machine) into a new outbox; then `finish`.
    package func conclude(_ run: inout Run, host: Host) throws {
        let machine = run.report.machine
        try applyPending(&run, host: host)
        try library.pauseSyncNotes()
        for state in run.states { try library.saveSyncMachine(state) }
        let deleted = run.effects.deletedBy.values.reduce(0, +)
        if acceptDeletions, deleted > 0 { try library.acceptTrashedDeletions() }
        run.report.deleted = deleted
        run.report.dropped = run.effects.dropped
        try library.removeDeadSyncTags()
        if run.report.written > 0 || run.report.applied > 0 {
            var clock = try library.syncClock(machine: machine)
            let seq = try library.nextSyncSeq()
            let line = SyncLine(seq: seq, clock: clock.tick(wall: now.seconds * 1000), change: .horizon(wall: now, seen: run.seen))
            try apply(line, from: machine, effects: &run.effects)
            try outbox.write([line.text])
            try library.setSyncSeq(seq)
            try library.saveSyncClock(clock)
        }
        try library.resumeSyncNotes()
    }

    /// After the settings sync brought are written: the cards whose answers changed replayed
    /// with the study settings (every answered card when those changed).
    package func finish(_ run: inout Run, study: Settings) throws {
        var cards = run.effects.replay
        run.effects.replay = []
        if try library.studySettingsChanged(to: FSRS(study).fingerprint) { cards.formUnion(try library.answeredCitations()) }
        try replay(cards, with: study)
    }
}
