import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

extension Home {
    /// `sync` (ARCHITECTURE.md, "Sync"): under the sync lock, this machine's changes and the
    /// other machines' in one transaction that also refreshes every rotation, then the outbox
    /// into the folder. `nil` when no folder is set (nothing to do).
    package func sync(folder path: String, name: String) throws -> SyncService.Report {
        let lock = FileLock.shared(paths.syncLock)
        do { try lock.acquire(patience: 60_000) } catch {
            switch error {
            case .stuck: throw StoreError.busy(path: paths.syncLock)
            case .io(let reason): throw StoreError.io(path: paths.syncLock, reason: reason)
            }
        }
        defer { lock.release() }
        let library = try library()
        let service = SyncService(library: library, folder: SyncFolder(path: path), now: try now(), name: name)
        let report = try change { _ in try service.exchange() }
        try service.flush(machine: report.machine)
        return report
    }

    /// What `sync status` shows: this machine, and every machine met in the folder.
    package func syncStatus(folder path: String) throws -> (machine: String?, pending: Int, others: [Library.SyncMachineState]) {
        let library = try library()
        guard try library.syncEnabled() else { return (nil, 0, []) }
        return (try library.syncMachine(), try library.syncPendingCount(), try library.syncMachines())
    }
}
