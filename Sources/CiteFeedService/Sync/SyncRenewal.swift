import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// A library copied, or restored from a backup, since it last synced (ARCHITECTURE.md,
/// "Sync"): its copy (or the library it was) may go on numbering changes as this one would, so
/// it takes a new machine id, and what the folder has of the old one after this library's last
/// change (made since the backup, or by the copy) is applied. Decided before anything is
/// written to the old id's directory, which is no longer this library's alone.
struct SyncRenewal {
    let library: Library
    let reader: SyncReader
    let outbox: SyncOutbox
    /// This machine's name, for its new id.
    let name: String

    /// Renews this machine's id when the library file (`inode`) is not the one that last synced,
    /// or the folder has changes of this machine's that the library does not: the old id, or
    /// `nil` when nothing was renewed.
    func renewIfCopied(inode: UInt64?) throws -> String? {
        guard try library.syncEnabled() else { return nil }
        let old = try library.syncMachine()
        let known = try library.syncLibraryFile()
        let last = try library.nextSyncSeq() - 1
        guard reader.lastWritten(machine: old) > last || (known != nil && inode != nil && known != inode) else { return nil }
        // An outbox's lines are the original's too: it writes them, or has.
        if outbox.exists { try outbox.remove() }
        _ = try library.renewSyncMachine(name: name, written: reader.written(by: old, after: last), inode: inode)
        return old
    }

    /// This machine's changes that the folder lacks (a new folder, or one emptied or set back,
    /// as by a git revert): the machines that have synced have them, one that joins from it
    /// will not. `nil` when none are missing.
    func missingFromFolder() throws -> ClosedRange<Int64>? {
        guard try library.syncEnabled() else { return nil }
        let written = reader.lastWritten(machine: try library.syncMachine()), last = try library.nextSyncSeq() - 1
        return written < last ? (written + 1)...last : nil
    }
}
