import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Why `sync` could not run.
package enum SyncError: Error, Equatable {
    /// The folder is not there, or is not a directory (a typing mistake, or a sync engine's
    /// folder not made yet): nothing is written, and the setting is not changed.
    case notAFolder(String)
    /// The folder could not be read or written: the folder and what failed.
    case folder(String, IOFailure)
    /// A folder sync must not use: the folder, and what it is.
    case unsafeFolder(String, UnsafeFolder)
    /// Other machines' deletions would remove more than half of the library: `deleted` by this
    /// sync, `recent` with those of the last 30 days, of the `of` citations the library had
    /// before them (by machine: its name, id and count in this sync). Nothing was applied.
    case massDeletion(deleted: Int, recent: Int, of: Int, by: [Deleter])

    /// What makes a folder unsafe for sync.
    package enum UnsafeFolder: Equatable, Sendable {
        /// It is the library's own directory.
        case isLibraryDirectory
        /// It holds the library's directory (that directory).
        case holdsLibraryDirectory(String)
        /// It is in an output directory (that one), which publishing copies elsewhere.
        case inOutputDirectory(String)
    }

    /// A machine whose deletions a sync would apply, and how many.
    package struct Deleter: Equatable, Sendable {
        package var name: String
        package var machine: String
        package var count: Int
    }
}

extension Home {
    /// `sync` (ARCHITECTURE.md, "Sync"): under the sync lock, this machine's changes and the
    /// other machines' in one transaction that also refreshes every rotation, then the outbox
    /// into the folder. `nil` when no folder is set (nothing to do).
    /// `compactAt`, `compactAlways`: the log's size past which it is compacted, and whether
    /// then even when few of its lines were made useless; `pieceBytes`, `beforeRead`: the size
    /// of a piece of another machine's file, and what runs before each is read (tests).
    package func sync(
        folder path: String, name: String, acceptDeletions: Bool = false, compactAt: Int64 = SyncService.compactAt,
        compactAlways: Bool = false,
        pieceBytes: Int = SyncFolder.chunkBytes, beforeRead: (() throws -> Void)? = nil
    ) throws -> SyncService.Report {
        guard Posix.isDirectory(path) else { throw SyncError.notAFolder(path) }
        try checkSyncFolder(path)
        // Opened (made, on a new home) before the sync lock, which lies beside it.
        let library = try library()
        let lock = try takeTurn(paths.syncLock)
        defer { lock.release() }
        let file = SettingsFile(path: paths.settings)
        // The settings lock, then the library's, for each transaction (sync may write
        // settings.json); neither is held while the folder is read.
        func transaction<T>(_ body: () throws -> T) throws -> T { try file.editing { try library.write { try body() } } }
        do {
            var service = SyncService(
                library: library, folder: SyncFolder(path: path), outbox: SyncOutbox(path: paths.syncOutbox), now: try now(), name: name)
            service.acceptDeletions = acceptDeletions
            service.pieceBytes = pieceBytes
            service.beforeRead = beforeRead
            // A library copied or restored since it last synced takes a new machine id.
            let inode = Posix.inode(paths.library)
            let renewedFrom = try service.renewal.renewIfCopied(inode: inode)
            // What a sync before this one captured and could not write to the folder first:
            // this sync's lines replace the outbox.
            var kept = 0
            if service.outbox.exists, try library.syncEnabled() {
                kept = try service.flush(machine: try library.syncMachine(), compactAt: compactAt, always: compactAlways)
            }
            let missing = renewedFrom == nil ? try service.renewal.missingFromFolder() : nil
            // This machine's own directory is checked before anything is applied: a link
            // there would take its log and machine.json outside the folder.
            if try library.syncEnabled() { _ = try service.folder.ownDirectory(of: try library.syncMachine()) }
            // A first sync or a join touches every citation: with the default 2 MiB page
            // cache SQLite spills pages to the WAL and reads them back before the commit.
            let report = try library.withLargeCache {
                // This machine's changes, into the folder at once.
                var run = try transaction {
                    service.localSettings = try file.storedValues()
                    if let inode { try library.setSyncLibraryFile(inode) }
                    var run = try service.capture()
                    run.report.refused = try write(run.effects.writes, to: file)
                    run.effects.writes = []
                    return run
                }
                try service.flush(machine: run.report.machine, compactAt: compactAt, always: compactAlways)
                try service.checkDeletions(run)
                let host = SyncService.Host(
                    transaction: { body in try transaction(body) },
                    writeSettings: { [self] in try write($0, to: file) },
                    study: { [paths] in try SettingsFile(path: paths.settings).load(rotation: "").settings })
                try service.applyOthers(&run, host: host)
                return try file.editing {
                    try change { _ in
                        try service.conclude(&run, host: host)
                        try service.finish(&run, study: try SettingsFile(path: paths.settings).load(rotation: "").settings)
                        run.report.renewedFrom = renewedFrom
                        run.report.missing = missing
                        return run.report
                    }
                }
            }
            try service.flush(machine: report.machine, compactAt: compactAt, always: compactAlways)
            // What the last sync kept is written now too.
            var written = report
            written.written += kept
            return written
        } catch let failure as IOFailure {
            // What was captured stays in the outbox, for the next sync.
            throw SyncError.folder(path, failure)
        }
    }

    /// `restore --deleted N...`: each citation of the trash numbered in `numbers` added again,
    /// as a new citation (a new uuid: the deletion stands everywhere), and taken out of the
    /// trash; all or none.
    package func restoreDeleted(_ numbers: [Int64]) throws -> [(number: Int64, citation: Citation)] {
        let now = try now()
        return try change { library in
            let trashed = try library.trashed(now: now)
            var restored: [(number: Int64, citation: Citation)] = []
            for number in numbers {
                guard let t = trashed.first(where: { $0.number == number }) else { throw StoreError.noSuchDeleted(number) }
                var new = NewCitation(
                    text: t.citation.text, back: t.citation.back, author: t.citation.author, source: t.citation.source,
                    tags: t.citation.tags.map(\.name), favourite: t.citation.favourite)
                new.createdAt = t.citation.createdAt
                restored.append((number, try library.add(new, now: now)))
                try library.untrash(number)
            }
            return restored
        }
    }

    /// Refuses a folder that is or holds the library's directory (a sync engine would carry
    /// `library.sqlite` itself, which breaks it), or lies in the output directory (which
    /// `publishCommand` copies to a server: the change logs would be published). A folder
    /// inside the library's directory is the user's choice (the engine carries that folder only).
    package func checkSyncFolder(_ path: String) throws {
        guard let folder = Posix.resolvedPath(path) else { return }
        func within(_ inner: String, _ outer: String) -> Bool { inner == outer || inner.hasPrefix(outer == "/" ? "/" : outer + "/") }
        if let libraryDirectory = Posix.resolvedPath(Posix.parentDirectory(paths.library)), within(libraryDirectory, folder) {
            throw SyncError.unsafeFolder(path, folder == libraryDirectory ? .isLibraryDirectory : .holdsLibraryDirectory(libraryDirectory))
        }
        // Every rotation's output directory (a named one may have one of its own).
        for settings in (try? SettingsFile(path: paths.settings).loadAll()) ?? [] {
            if let output = Posix.resolvedPath(paths.outputDirectory(settings)), within(folder, output) {
                throw SyncError.unsafeFolder(path, .inOutputDirectory(output))
            }
        }
    }

    /// What `sync status` shows: this machine, and every machine met in the folder.
    package func syncStatus() throws -> (machine: String?, pending: Int, others: [Library.SyncMachineState]) {
        // Asking makes no library.
        guard Posix.fileExists(paths.library) else { return (nil, 0, []) }
        let library = try library()
        guard try library.syncEnabled() else { return (nil, 0, []) }
        let last = try library.nextSyncSeq() - 1
        let pending = try library.syncDirtyCount() + SyncOutbox(path: paths.syncOutbox).count(through: last)
        return (try library.syncMachine(), pending, try library.syncMachines())
    }
}

extension Home {
    /// The lock at `path`, taken, waiting up to a minute for another process that holds it
    /// (a long sync, an export of a notes folder); a holder that keeps it longer is `busy`.
    func takeTurn(_ path: String) throws -> FileLock {
        let lock = FileLock.shared(path)
        do { try lock.acquire(patience: 60_000) } catch {
            switch error {
            case .stuck: throw StoreError.busy(path: path)
            case .io(let failure): throw StoreError.file(failure)
            }
        }
        return lock
    }

    /// This machine's name in the folder: `syncName`, or the host name.
    package static func syncMachineName(_ settings: Settings) -> String {
        settings.syncName.isEmpty ? Posix.hostName() : settings.syncName
    }

    /// `citefeed sync [DIR]`: syncs through `folder` (a path as the user gave it, `~` and
    /// relative ones allowed), else through the `syncFolder` setting; `nil` when neither names
    /// one. A folder given is remembered as `syncFolder` once a sync with it succeeded, so a
    /// failed one leaves the settings as they were.
    package func sync(given folder: String?, acceptDeletions: Bool) throws -> (folder: String, report: SyncService.Report)? {
        let settings = try settings()
        guard let path = folder.map({ Posix.absolutePath($0, home: paths.userHome) }) ?? settings.syncFolder else { return nil }
        let report = try sync(folder: path, name: Home.syncMachineName(settings), acceptDeletions: acceptDeletions)
        if path != settings.syncFolder { try writeSetting(.syncFolder, .string(path), rotation: "") }
        return (path, report)
    }
}
