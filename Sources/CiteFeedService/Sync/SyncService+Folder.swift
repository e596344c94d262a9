import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// What a sync does in the folder after its commit, and reads of this machine's own files
/// there (ARCHITECTURE.md, "Sync": the outbox, compaction, one machine one numbering).
extension SyncService {
    /// After the commit: the outbox into this machine's log, then `machine.json`; a log grown
    /// past `compactAt` bytes is compacted into a snapshot. Returns the number of changes
    /// written (not counting horizon lines).
    @discardableResult
    package func flush(machine: String, compactAt: Int64 = SyncService.compactAt, always: Bool = false) throws -> Int {
        guard outbox.exists else {
            // Rewritten only when it says something new (a sync with nothing to write is cheap).
            if folder.name(of: machine) != name { try folder.writeInfo(machine: machine, name: name, written: now) }
            return 0
        }
        var written = 0
        let file = folder.currentLog(of: machine)
        // Lines a crash left written but not removed from the outbox are not written twice.
        var writtenSeq: Int64 = 0
        if let line = try folder.lastCompleteLine(of: machine, file), case .int(let seq)? = (try? JSONParser.parse(line))?["s"] {
            writtenSeq = seq
        }
        // The number of the last line of a sync that committed: any after it are not changes.
        let last = try library.nextSyncSeq() - 1
        // An outbox holds one sync's lines: its horizon line, if any, is the last.
        func isHorizon(_ line: [UInt8]) -> Bool {
            guard let change = (try? SyncLine(json: JSONParser.parse(line), machine: machine))?.change else { return false }
            if case .horizon = change { return true } else { return false }
        }
        // A first log is the outbox itself, linked in when it is whole (a first sync's 40 MB
        // are neither read back nor written twice).
        if writtenSeq == 0, let ends = try outbox.ends(), ends.last <= last, folder.prepareNewLog(file, of: machine),
            outbox.link(as: folder.path(of: machine, file))
        {
            written = Int(ends.last - ends.first + 1) - (isHorizon(ends.lastLine) ? 1 : 0)
        } else if let (bytes, count, lastLine) = try outbox.lines(after: writtenSeq, through: last), !bytes.isEmpty {
            written = count - (isHorizon(Array(lastLine.dropLast())) ? 1 : 0)
            try folder.append(Array(bytes), to: file, of: machine)
        }
        try folder.writeInfo(machine: machine, name: name, written: now)
        try outbox.remove()
        // Only when there is something to drop: a quarter of the lines written since the last
        // snapshot made useless by later ones (a first sync of 100,000 citations has none).
        if try folder.size(of: machine, file) > compactAt, try always || library.compactionWorthwhile(seq: last) {
            try compact(machine: machine, log: file)
            try library.compacted(seq: last)
        }
        return written
    }

    /// Past this, a machine's log is compacted (4 MiB).
    package static let compactAt: Int64 = 4 << 20

    /// Writes a snapshot of this machine's files (the lines that can still matter:
    /// `SyncCompaction`) numbered past its current log, and removes the files it replaces; the
    /// next lines go to the log of the snapshot's number.
    func compact(machine: String, log: String) throws {
        var lines: [SyncLine] = []
        for file in folder.files(of: machine) {
            for (_, bytes) in try folder.allLines(of: machine, file) {
                if let json = try? JSONParser.parse(bytes), let line = try? SyncLine(json: json, machine: machine) { lines.append(line) }
            }
        }
        let deleted = Set(try library.tombstones())
        let kept = SyncCompaction.compact(lines, deleted: deleted.contains)
        try folder.writeSnapshot(kept.map(\.text).joined(), number: SyncFolder.number(of: log) + 1, of: machine)
    }
}
