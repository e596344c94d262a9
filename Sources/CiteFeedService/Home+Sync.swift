import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Why `sync` could not run.
package enum SyncError: Error, Equatable {
    /// The folder is not there, or is not a directory (a typing mistake, or a sync engine's
    /// folder not made yet): nothing is written, and the setting is not changed.
    case notAFolder(String)
    /// The folder could not be read or written: the folder and the system's reason.
    case folder(String, String)
}

extension Home {
    /// `sync` (ARCHITECTURE.md, "Sync"): under the sync lock, this machine's changes and the
    /// other machines' in one transaction that also refreshes every rotation, then the outbox
    /// into the folder. `nil` when no folder is set (nothing to do).
    /// `compactAt`, `compactAlways`: the log's size past which it is compacted, and whether
    /// then even when few of its lines were made useless (tests).
    package func sync(folder path: String, name: String, compactAt: Int64 = SyncService.compactAt, compactAlways: Bool = false) throws
        -> SyncService.Report
    {
        guard Posix.isDirectory(path) else { throw SyncError.notAFolder(path) }
        let lock = FileLock.shared(paths.syncLock)
        do { try lock.acquire(patience: 60_000) } catch {
            switch error {
            case .stuck: throw StoreError.busy(path: paths.syncLock)
            case .io(let reason): throw StoreError.io(path: paths.syncLock, reason: reason)
            }
        }
        defer { lock.release() }
        let library = try library()
        let file = SettingsFile(path: paths.settings)
        do {
            // The settings lock, then the library's: sync may write settings.json.
            return try file.editing {
                let service = SyncService(
                    library: library, folder: SyncFolder(path: path), outbox: SyncOutbox(path: paths.syncOutbox), now: try now(), name: name,
                    settings: try file.storedValues())
                // What a sync before this one captured and could not write to the folder first:
                // this sync's lines replace the outbox.
                var kept = 0
                if service.outbox.exists, try library.syncEnabled() {
                    kept = try service.flush(machine: try library.syncMachine(), compactAt: compactAt, always: compactAlways)
                }
                // A first sync or a join touches every citation: with the default 2 MiB page
                // cache SQLite spills pages to the WAL and reads them back before the commit.
                let report = try library.withLargeCache {
                    try change { _ in
                        var report = try service.exchange()
                        report.refused = try write(report.writes, to: file)
                        try service.finish(report, study: try SettingsFile(path: paths.settings).load(rotation: "").settings)
                        return report
                    }
                }
                try service.flush(machine: report.machine, compactAt: compactAt, always: compactAlways)
                // What the last sync kept is written now too.
                var written = report
                written.written += kept
                return written
            }
        } catch let failure as IOFailure {
            // What was captured stays in the outbox, for the next sync.
            throw SyncError.folder(path, failure.message)
        }
    }

    /// What `sync status` shows: this machine, and every machine met in the folder.
    package func syncStatus() throws -> (machine: String?, pending: Int, others: [Library.SyncMachineState]) {
        let library = try library()
        guard try library.syncEnabled() else { return (nil, 0, []) }
        let last = try library.nextSyncSeq() - 1
        let pending = try library.syncDirtyCount() + SyncOutbox(path: paths.syncOutbox).count(through: last)
        return (try library.syncMachine(), pending, try library.syncMachines())
    }
}
