import CiteFeedCore
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// `citefeed sync` (issue 25; ARCHITECTURE.md, "Sync"): this machine's changes written to the
/// folder, every other machine's applied, in one write transaction; the lines reach the folder
/// after the commit, from the outbox (`SyncOutbox`), so a crash between the two writes them
/// next time.
package struct SyncService {
    let library: Library
    let folder: SyncFolder
    package let outbox: SyncOutbox
    let now: Timestamp
    let name: String
    /// The keys each rotation sets in settings.json, as written ("": the default rotation).
    let localSettings: [String: [String: JSONValue]]
    /// Whether to apply other machines' deletions of more than half of a library of
    /// `massDeletionFloor` citations or more (`sync --accept-deletions`); without it such a
    /// sync applies nothing (`SyncError.massDeletion`).
    package var acceptDeletions = false
    /// The size of library from which a sync that would delete most of it stops.
    package static let massDeletionFloor = 20

    package init(
        library: Library, folder: SyncFolder, outbox: SyncOutbox, now: Timestamp, name: String, settings: [String: [String: JSONValue]]
    ) {
        self.library = library
        self.folder = folder
        self.outbox = outbox
        self.now = now
        self.name = name
        self.localSettings = settings
    }

    /// Captures and applies, inside the caller's transaction.
    package func exchange() throws -> Report {
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
        // The library's size before anything of the folder is applied (the deletions' measure).
        let libraryCount = try library.citationCount()
        // What other machines deleted more than `Library.trashDays` ago leaves the trash; what
        // is left counts with this sync's deletions.
        try library.emptyTrash(before: now)
        let earlierTrashed = try library.trashedSinceAccepted()
        // Lines of this machine's log made useless by the lines written now.
        var superseded = 0
        // Citations sync has never written (a first sync: all of them), in bulk, oldest
        // change first: each one's clock is its own time, and `updated_at` stays as it was.
        // This machine's edits since the last sync take clocks of their own times too, in one
        // order of time with those citations, before anything below takes one of now (the
        // clock never goes back: an edit made at 09:00 and synced at 11:00 after a setting
        // changed was clocked 11:00, and won over another machine's edit of 10:00).
        var unsynced = try library.unsyncedCitations()
        let done = Set(unsynced.map { "c:" + $0.uuid })
        let dirty = try library.syncDirty(except: done)
        // Each edit as the loop below writes it: the fields changed, their registers, and
        // the clock it takes (the other notes of citations, a deletion or a change of time
        // only, are that loop's).
        var edits: [(entity: String, at: Int64, change: CitationFields, registers: SyncRegisters, held: [SyncClock?])] = []
        for (entity, fields) in dirty where entity.hasPrefix("c:") {
            let uuid = String(entity.dropFirst(2))
            guard try !library.tombstone(uuid), let (current, updated) = try library.syncFields(uuid: uuid) else { continue }
            let change = fields.contains("*") ? current : current.restricted(to: fields)
            guard !change.isEmpty else { continue }
            let registers = try library.registerClocks(entity)
            edits.append((entity, min(updated.seconds * 1000, wall), change, registers, change.names.map(registers.clock(of:))))
        }
        edits.sort { ($0.at, $0.entity) < ($1.at, $1.entity) }
        var planned: [String: (change: CitationFields, registers: SyncRegisters, held: [SyncClock?], clock: SyncClock)] = [:]
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
            if entity.hasPrefix("c:") {
                let uuid = String(entity.dropFirst(2))
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
            } else if entity.hasPrefix("x:") {
                superseded += 1
                let id = String(entity.dropFirst(2))
                try emit(.undo(id: id), clock.tick(wall: wall))
                if let citation = try library.applyUndo(id) { effects.replay.insert(citation) }
            } else if entity.hasPrefix("t:") {
                let key = String(entity.dropFirst(2))
                let c = clock.tick(wall: wall)
                if let tag = try library.syncTag(key: key) {
                    try emit(.tag(key: key, name: tag.name, color: tag.color, live: true), c)
                    _ = try library.applyTag(key: key, name: tag.name, color: tag.color, live: true, clock: c)
                } else if fields.contains("deleted") {
                    try emit(.tag(key: key, name: nil, color: nil, live: false), c)
                    _ = try library.applyTag(key: key, name: nil, color: nil, live: false, clock: c)
                }
            }
        }
        try capturePicks(machine: machine) { change in
            let c = clock.tick(wall: wall)
            let this = seq
            try emit(change, c)
            return (this, c)
        }
        // Every other machine's new changes (what they change here is not this machine's: no
        // notes while they are applied, and those left are cleared at the end).
        var triggersOff = false
        let states = Dictionary(uniqueKeysWithValues: try library.syncMachines().map { ($0.machine, $0) })
        var seen: [String: Int64] = [:]
        for other in folder.machines() where other != machine {
            var state = states[other] ?? Library.SyncMachineState(machine: other, name: "", applied: 0)
            state.name = folder.name(of: other) ?? state.name
            state.problem = nil
            report.names[other] = state.name
            files: for file in folder.files(of: other) {
                var (offset, lineNumber) = try library.syncOffset(machine: other, file: file)
                // A chunk at a time (`SyncFolder.chunkBytes`), its position saved with it: what
                // a sync holds of a log is bounded, whatever the log (64 MiB of blank lines).
                while true {
                    let read: SyncFolder.Lines
                    do {
                        read = try folder.completeLines(of: other, file, from: offset, lineNumber: lineNumber)
                    } catch {
                        // This machine's files wait (read again next time, from where they stopped).
                        report.unreadable[other] = error.message
                        state.problem = error.message
                        break files
                    }
                    for number in read.tooLong {
                        SyncService.skip(
                            Skipped(
                                machine: other, name: state.name, file: file, line: number,
                                reason: .invalid("the line is longer than \(Posix.describe(bytes: SyncFolder.lineLimit)), which no change is")),
                            in: &report)
                    }
                    for (number, parsed) in zip(read.lines.map(\.number), SyncService.parse(read.lines.map(\.text), machine: other)) {
                        let line: SyncLine
                        switch parsed {
                        case .success(let l): line = l
                        case .failure(.newerFormat(let v)):
                            report.newer[other] = v
                            state.problem = "its log is of format \(v), newer than this citefeed's (\(SyncLine.format))"
                            break files
                        case .failure(let error):
                            SyncService.skip(Skipped(machine: other, name: state.name, file: file, line: number, reason: error), in: &report)
                            continue
                        }
                        guard line.seq > state.applied else { continue }
                        // One rule for every machine: a clock more than a day ahead of this
                        // machine's waits, with the lines after it (its register would beat every
                        // later edit, and a counter past 15 digits would be refused elsewhere).
                        // The chunk is read again next time; the lines applied are passed over
                        // by their number.
                        if line.clock.milliseconds > wall + HybridClock.maximumLead {
                            report.ahead[other] = Ahead(file: file, line: number, clock: line.clock)
                            state.problem =
                                "its \(file) line \(number) is clocked \(SyncService.clockTime(line.clock)), more than a day ahead of this machine's clock; it and its later changes wait until then"
                            break files
                        }
                        clock.observe(line.clock, wall: wall)
                        if !triggersOff {
                            try library.dropSyncTriggers()
                            triggersOff = true
                        }
                        try apply(line, from: other, effects: &effects)
                        state.applied = line.seq
                        state.lastClock = line.clock.description
                        if case .horizon = line.change {} else { report.applied += 1 }
                    }
                    try library.saveSyncOffset(machine: other, file: file, offset: read.end, line: read.lastNumber)
                    (offset, lineNumber) = (read.end, read.lastNumber)
                    if read.atEnd { break }
                }
            }
            seen[other] = state.applied
            try library.saveSyncMachine(state)
        }
        // Most of a library deleted by one sync is more likely a mistake, or someone who could
        // write to the folder, than what the user did: nothing is applied without being told.
        // Counted with what other machines deleted over the trash's 30 days (since the user last
        // accepted such deletions), against the library as it was before them: half now and
        // half at the next sync is most of it too.
        let deleted = effects.deletedBy.values.reduce(0, +)
        let recent = earlierTrashed + deleted, base = libraryCount + earlierTrashed
        if acceptDeletions {
            if deleted > 0 { try library.acceptTrashedDeletions() }
        } else if base >= SyncService.massDeletionFloor, recent * 2 > base, deleted > 0 {
            throw SyncError.massDeletion(
                deleted: deleted, recent: recent, of: base,
                by: effects.deletedBy.map { SyncError.Deleter(name: report.names[$0.key] ?? "", machine: $0.key, count: $0.value) }
                    .sorted { $0.machine < $1.machine })
        }
        report.deleted = deleted
        report.dropped = effects.dropped
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
        try library.removeDeadSyncTags()
        if report.written > 0 || report.applied > 0 {
            let c = clock.tick(wall: wall)
            try apply(SyncLine(seq: seq, clock: c, change: .horizon(wall: now, seen: seen)), from: machine, effects: &effects)
            try emit(.horizon(wall: now, seen: seen), c)
        }
        for (rotation, from) in effects.picks.sorted(by: { $0.key < $1.key }) { try library.orderPicks(rotation: rotation, from: from) }
        report.writes = effects.writes
        report.replay = effects.replay
        try library.clearSyncDirty()
        if triggersOff { try library.ensureSyncTriggers() }
        if let file = try capturedLines.finish() {
            try outbox.finish(file, lines)
        } else if !lines.isEmpty {
            try outbox.write(lines)
        }
        try library.setSyncSeq(seq - 1)
        if superseded > 0 { try library.addSuperseded(superseded) }
        try library.saveSyncClock(clock)
        return report
    }

    /// After the settings sync brought are written: the cards whose answers changed replayed
    /// with the study settings (every answered card when those changed).
    package func finish(_ report: Report, study: Settings) throws {
        var cards = report.replay
        if try library.studySettingsChanged(to: FSRS(study).fingerprint) { cards.formUnion(try library.answeredCitations()) }
        try replay(cards, with: study)
    }
}
