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

    /// The folder's reader, the applier of other machines' lines, the replay of cards and the
    /// renewal of a copied library: the steps' types, each with the part of this value it needs.
    var reader: SyncReader { SyncReader(library: library, folder: folder, now: now, pieceBytes: pieceBytes, beforeRead: beforeRead) }
    var applier: SyncApplier { SyncApplier(library: library, now: now, localSettings: localSettings) }
    var cards: CardReplay { CardReplay(library: library) }
    var renewal: SyncRenewal { SyncRenewal(library: library, reader: reader, outbox: outbox, name: name) }

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
        var capture = try SyncCapture(library: library, now: now)
        // What other machines deleted more than `Library.trashDays` ago leaves the trash; what
        // is left counts with this sync's deletions (`checkDeletions`).
        try library.emptyTrash(before: now)
        var unsynced = try library.unsyncedCitations()
        let dirty = try library.syncDirty(except: Set(unsynced.map { SyncEntity.citation($0.uuid) }))
        var (captured, edits) = try capture.clockCitations(unsynced, dirty: dirty)
        unsynced = []
        let firstSeq = capture.seq
        capture.seq += Int64(captured.count)
        capture.report.written += captured.count
        // The answers given here since the last sync, next.
        var (answerLines, answerIDs) = try capture.answers()
        // Their lines are written by another thread meanwhile (100,000 citations: 40 MB of JSON).
        let capturedLines = try LinesInBackground(captured, from: firstSeq, then: answerLines, into: outbox)
        answerLines = []
        try library.setAnswerSyncIDs(answerIDs)
        answerIDs = []
        try library.saveCaptured(captured)
        captured = []
        // Settings first: a rotation met here for the first time takes the others' values.
        capture.effects.writes = try captureSettings(machine: capture.machine) { change, entity, field in
            try capture.setting(change, entity: entity, field: field)
        }
        // This machine's other changes since the last sync.
        try capture.captureNoted(dirty, edits: edits)
        edits = [:]
        try capturePicks(machine: capture.machine) { change in
            let c = capture.clock.tick(wall: capture.wall)
            let this = capture.seq
            try capture.emit(change, c)
            return (this, c)
        }
        // The notes of what was captured (and of what capturing wrote) go with it: what the
        // user changes after this commit, while other machines' lines are applied, is noted
        // for the next sync.
        try library.clearSyncDirty()
        if let file = try capturedLines.finish() {
            try outbox.finish(file, capture.lines)
        } else if !capture.lines.isEmpty {
            try outbox.write(capture.lines)
        }
        try library.setSyncSeq(capture.seq - 1)
        if capture.superseded > 0 { try library.addSuperseded(capture.superseded) }
        try library.saveSyncClock(capture.clock)
        return Run(report: capture.report, effects: capture.effects)
    }

    /// What a sync carries from step to step: its report, what is left to do once every line
    /// is applied, and where it stands with each other machine.
    package struct Run {
        package var report: Report
        var effects = SyncEffects()
        /// Each other machine's last change applied here (the horizon line's).
        var seen: [String: Int64] = [:]
        /// Each other machine's state as the reading of its files left it.
        var states: [Library.SyncMachineState] = []
        /// Pieces read and not yet applied (`applyOthers`), with their machine's state after
        /// them.
        var pending: [(piece: SyncReader.Piece, state: Library.SyncMachineState)] = []
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
            try applier.apply(line, from: machine, effects: &run.effects)
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
        if try library.studySettingsChanged(to: FSRS.fingerprint(study)) { cards.formUnion(try library.answeredCitations()) }
        try self.cards.replay(cards, with: study)
    }
}
