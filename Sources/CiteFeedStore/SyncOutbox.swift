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
        let file = try StagedFile(for: path, mode: 0o600)
        if !head.isEmpty { try file.write(head) }
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

    /// The outbox's lines numbered from `after + 1` through `through`, how many, whether they
    /// are all of it, and where the last one starts; `nil` when there is no outbox.
    package func lines(after: Int64, through: Int64) throws(IOFailure)
        -> (bytes: ArraySlice<UInt8>, count: Int, whole: Bool, last: ArraySlice<UInt8>)?
    {
        guard let bytes = try read() else { return nil }
        guard let first = SyncOutbox.firstNumber(bytes) else { return ([], 0, false, []) }
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
        guard let kept else { return ([], 0, false, []) }
        return (bytes[kept], count, kept == 0..<bytes.count, bytes[lastStart..<kept.upperBound])
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
        if unlink(path) != 0 && errno != ENOENT { throw IOFailure(message: "cannot remove \(path): \(Posix.errorText())") }
    }

    private func read() throws(IOFailure) -> [UInt8]? { try Posix.readFile(path, limit: 1 << 31) }

    /// The number of the first line.
    private static func firstNumber(_ bytes: [UInt8]) -> Int64? {
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        guard case .int(let seq)? = (try? JSONParser.parse(Array(bytes[..<end])))?["s"] else { return nil }
        return seq
    }
}
