import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// This machine's changes since the last sync, as lines (`SyncService.capture`): its clock and
/// next line number, the lines made so far and what they did. One value per capture, in the
/// caller's transaction.
struct SyncCapture {
    let library: Library
    let machine: String
    /// Now, in milliseconds: no change of this machine's takes a later time.
    let wall: Int64
    var clock: HybridClock
    var seq: Int64
    /// The lines written now, into the outbox at the end (before the commit).
    var lines: [String] = []
    var report: SyncService.Report
    var effects = SyncEffects()
    /// Lines of this machine's log made useless by the lines written now.
    var superseded = 0

    /// An edit of a citation, clocked in the order of time (`clockCitations`).
    typealias Edit = (change: CitationFields, registers: SyncRegisters, held: [SyncClock?], clock: SyncClock)

    init(library: Library, now: Timestamp) throws {
        self.library = library
        machine = try library.syncMachine()
        try library.ensureSyncTriggers(onlyWhenMissing: true)
        report = SyncService.Report(machine: machine)
        clock = try library.syncClock(machine: machine)
        wall = now.seconds * 1000
        seq = try library.nextSyncSeq()
    }

    mutating func emit(_ change: SyncChange, _ c: SyncClock) throws {
        lines.append(SyncLine(seq: seq, clock: c, change: change).text)
        seq += 1
        if case .horizon = change {} else { report.written += 1 }
    }

    /// A clock for a change of this machine's at `at` ms, past each value it replaces
    /// (`held`): an edit made after seeing a value wins over it.
    mutating func clockPast(_ held: [SyncClock?], wall at: Int64) -> SyncClock {
        var c = clock.tick(wall: at)
        for case let h? in held where h >= c { c = h.successor(on: machine) }
        // Past a value from a clock far ahead, this change beats it, but this machine's
        // clock does not follow it there, as it follows no clock it reads there (its later
        // changes would all carry that time).
        clock.observe(c, wall: wall)
        return c
    }

    /// Citations sync has never written (a first sync: all of them), oldest change first:
    /// each one's clock is its own time, and `updated_at` stays as it was. This machine's
    /// edits since the last sync (`dirty`) take clocks of their own times too, in one order of
    /// time with those citations, before anything else takes one of now (the clock never goes
    /// back: an edit made at 09:00 and synced at 11:00 after a setting changed was clocked
    /// 11:00, and won over another machine's edit of 10:00). Returns the new citations with
    /// their clocks, and each edit by its citation's entity.
    mutating func clockCitations(
        _ unsynced: [Library.UnsyncedCitation], dirty: [(entity: SyncEntity, fields: Set<String>)]
    ) throws -> (captured: [(citation: Library.UnsyncedCitation, clock: SyncClock)], edits: [SyncEntity: Edit]) {
        // Each edit as `captureNoted` writes it: the fields changed, their registers (the other
        // notes of citations, a deletion or a change of time only, are its own).
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
        var planned: [SyncEntity: Edit] = [:]
        var next = 0
        func clockEdits(through at: Int64) {
            while next < edits.count, edits[next].at <= at {
                let e = edits[next]
                planned[e.entity] = (e.change, e.registers, e.held, clockPast(e.held, wall: e.at))
                next += 1
            }
        }
        var captured: [(citation: Library.UnsyncedCitation, clock: SyncClock)] = []
        captured.reserveCapacity(unsynced.count)
        for citation in unsynced {
            let at = min(citation.updated.seconds * 1000, wall)
            clockEdits(through: at)
            captured.append((citation, clockPast([], wall: at)))
        }
        clockEdits(through: .max)
        return (captured, planned)
    }

    /// The answers given here since the last sync, as lines numbered from `seq` (each answer's
    /// id is `MACHINE:SEQ`), with the review each one is.
    mutating func answers() throws -> (lines: [SyncLine], ids: [(reviewID: Int64, id: String)]) {
        var answerLines: [SyncLine] = []
        var ids: [(reviewID: Int64, id: String)] = []
        for answer in try library.unsyncedAnswers() {
            let id = "\(machine):\(seq)"
            answerLines.append(
                SyncLine(
                    seq: seq, clock: clock.tick(wall: wall), change: .answer(uuid: answer.uuid, id: id, at: answer.at, grade: answer.grade))
            )
            ids.append((answer.reviewID, id))
            seq += 1
            // Its place among the answers of other machines is by time.
            effects.replay.insert(answer.citation)
        }
        report.written += answerLines.count
        return (answerLines, ids)
    }

    /// A setting of this machine's (`SyncService.captureSettings`): past the value it replaces,
    /// but the library's seed keeps its first value.
    mutating func setting(_ change: SyncChange, entity: SyncEntity, field: String) throws {
        var registers = try library.registerClocks(entity)
        let c = clockPast(field == SyncChange.librarySeed ? [] : [registers.clock(of: field)], wall: wall)
        try emit(change, c)
        registers.fields[field] = c
        try library.saveRegisterClocks(entity, registers)
    }

    /// This machine's other changes since the last sync, as the library's triggers noted them:
    /// edits (clocked by `clockCitations`), deletions, answers taken back, tags.
    mutating func captureNoted(_ dirty: [(entity: SyncEntity, fields: Set<String>)], edits: [SyncEntity: Edit]) throws {
        for (entity, fields) in dirty {
            switch entity {
            case .citation(let uuid): try citation(uuid, entity: entity, fields: fields, edit: edits[entity])
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
                break  // settings are captured apart; the library's triggers never note them
            }
        }
    }

    /// One citation's notes: its edit, a deletion, or a change of its time only.
    private mutating func citation(_ uuid: String, entity: SyncEntity, fields: Set<String>, edit: Edit?) throws {
        // An edit, clocked before: an edit's time is the citation's, and beats the value it
        // replaces.
        if let edit {
            // A line of this machine's that this one makes useless: compaction has work.
            if edit.held.contains(where: { $0?.machine == machine }) { superseded += 1 }
            try emit(.citation(uuid: uuid, fields: edit.change), edit.clock)
            _ = try library.applyCitation(uuid: uuid, edit.change, clock: edit.clock, local: edit.registers)
            effects.editedHere.insert(uuid)
            return
        }
        // Deleted on another machine and made again here (an import of the same highlight,
        // whose uuid is derived from it): a deletion stays deleted.
        if try library.tombstone(uuid) {
            _ = try library.applyDelete(uuid: uuid, clock: clock.tick(wall: wall))
            return
        }
        guard try library.syncFields(uuid: uuid) != nil else {
            if fields.contains("deleted") {
                superseded += 1
                let c = clock.tick(wall: wall)
                try emit(.deleted(uuid: uuid), c)
                _ = try library.applyDelete(uuid: uuid, clock: c)
            }
            return
        }
        // Only its time changed (an edit that changed nothing synced): once sync is on, a
        // citation's updated_at is its newest register's, the same everywhere.
        try library.setUpdated(uuid: uuid, try library.registerClocks(entity))
    }
}
