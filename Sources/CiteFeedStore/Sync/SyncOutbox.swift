import CiteFeedModel
import CiteFeedSupport

/// The lines one sync wrote, kept in a file beside the library between the sync's commit and
/// this machine's log in the folder (ARCHITECTURE.md, "Sync", "The outbox"): written and synced
/// before the commit, so a crash after it leaves them to the next sync; appended to the log
/// after it, then removed. The lines are numbered one after another from the first; those
/// numbered past the library's last (a sync whose commit did not happen) are never written.
/// Only `sync`, under its lock, reads or writes it.
package struct SyncOutbox: Sendable {
    package let path: String

    package init(path: String) { self.path = path }

    /// Replaces the outbox with `head`, then `lines` (each ending in a line feed), synced to disk.
    package func write(head: [UInt8] = [], _ lines: [String]) throws(IOFailure) {
        let file = try begin()
        if !head.isEmpty { try file.write(head) }
        try finish(file, lines)
    }

    /// A new outbox, not in place until `finish`: its first lines may be written by another
    /// thread (a first sync's 40 MB, as they are made), the rest by `finish`.
    package func begin() throws(IOFailure) -> StagedFile { try StagedFile(for: path, mode: 0o600) }

    /// Writes `lines` after what `file` holds, syncs it and puts it in the outbox's place.
    package func finish(_ file: StagedFile, _ lines: [String]) throws(IOFailure) {
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 20)
        for line in lines {
            chunk.append(contentsOf: line.utf8)
            if chunk.count >= 1 << 20 {
                try file.write(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        try file.write(chunk)
        try file.commit()
    }

    /// The outbox's lines numbered from `after + 1` through `through`, how many, and where the
    /// last one starts; `nil` when there is no outbox.
    package func lines(after: Int64, through: Int64) throws(IOFailure) -> (bytes: ArraySlice<UInt8>, count: Int, last: ArraySlice<UInt8>)? {
        guard let bytes = try read() else { return nil }
        guard let first = SyncOutbox.firstNumber(bytes) else { return ([], 0, []) }
        var seq = first
        var start = 0
        var kept: Range<Int>?
        var count = 0
        var lastStart = 0
        bytes.withUnsafeBufferPointer { buffer in
            for i in buffer.indices where buffer[i] == 0x0A {
                if seq > after && seq <= through {
                    kept = (kept?.lowerBound ?? start)..<(i + 1)
                    count += 1
                    lastStart = start
                }
                seq += 1
                start = i + 1
            }
        }
        guard let kept else { return ([], 0, []) }
        return (bytes[kept], count, bytes[lastStart..<kept.upperBound])
    }

    /// The numbers of the outbox's first and last lines and its last line, read from its two
    /// ends only (its lines are numbered one after the other): what `flush` needs to put a whole
    /// outbox in the place of a new log without reading it. `nil` when there is none, or it is
    /// not as `write` makes it.
    package func ends() throws(IOFailure) -> (first: Int64, last: Int64, lastLine: [UInt8])? {
        guard exists, let prefix = Posix.readPrefix(path, 1 << 16), let end = prefix.firstIndex(of: 0x0A),
            case .int(let first)? = (try? JSONParser.parse(Array(prefix[..<end])))?["s"]
        else { return nil }
        guard let line = try SyncFolder.lastCompleteLine(ofFile: path), case .int(let last)? = (try? JSONParser.parse(line))?["s"] else {
            return nil
        }
        return (first, last, line)
    }

    /// Puts the outbox in the place of `log` (a file not there yet) without copying it, when
    /// both are on one file system: a first sync's 40 MB are not written twice. False when it
    /// could not (another file system; the caller writes the lines instead).
    package func link(as log: String) -> Bool {
        guard Glibc.link(path, log) == 0 else { return false }
        // A log is for every machine to read.
        _ = chmod(log, 0o644)
        return true
    }

    /// How many of its lines are numbered through `through` (the library's last).
    package func count(through: Int64) throws(IOFailure) -> Int {
        try lines(after: 0, through: through)?.count ?? 0
    }

    package var exists: Bool { Posix.fileExists(path) }

    package func remove() throws(IOFailure) {
        if unlink(path) != 0 && errno != ENOENT { throw IOFailure.system(.remove, path) }
    }

    private func read() throws(IOFailure) -> [UInt8]? { try Posix.readFile(path, limit: 1 << 31) }

    /// The number of the first line.
    private static func firstNumber(_ bytes: [UInt8]) -> Int64? {
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        guard case .int(let seq)? = (try? JSONParser.parse(Array(bytes[..<end])))?["s"] else { return nil }
        return seq
    }
}
