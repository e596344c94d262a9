import CiteFeedExchange
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

extension Home {
    /// `export --format obsidian|logseq|markdown DIR`, and the `notesFolder` that `rotate`
    /// and `sync` keep in step: the citations `query` selects (archived ones too, under
    /// "Archived", unless `notesArchived` is `remove`) as pages of `folder` (absolute), one
    /// per source or per citation. Every citation's stamp is read (`NotesStamps`), and only the
    /// pages that changed since the last export are read whole, rendered and compared with their
    /// files. Refuses a folder inside the sync folder, an output directory or the library's
    /// directory, where its files would be shared, published or mistaken for citefeed's own.
    package func exportNotes(
        _ query: CitationQuery = CitationQuery(), to folder: String, format: NotesFormat, onePerCitation: Bool = false
    ) throws -> (folder: NotesFolder, report: NotesFolder.Report) {
        let settings = try settings()
        try checkNotesFolder(folder)
        let notes = try NotesFolder(path: folder, format: format)
        // One export of a folder at a time (a timer's rotate, an export by hand).
        let lock = try takeTurn(notes.lockPath)
        defer { lock.release() }
        let (previous, damaged) = try notes.loadManifest()
        let library = try library()
        let keepArchived = settings.notesArchived == .section
        var query = query
        query.all = true
        query.archived = false
        let readAt = try now().seconds
        var stamps = NotesStamps(onePerCitation: onePerCitation, keepArchived: keepArchived)
        let salt = NotesStamps.salt(format: format, onePerCitation: onePerCitation, keepArchived: keepArchived, tags: try library.tagList())
        var plan = NotesPage.Plan(onePerCitation: onePerCitation, keepArchived: keepArchived)
        let changed: Set<String>
        if previous?.salt != salt {
            // Every page anew (a new folder, or one written another way): one pass.
            try library.forEachCitationAndStamp(query) { c, stamp in
                let key = NotesPage.key(source: stamp.source, author: stamp.author, uuid: stamp.uuid, onePerCitation: onePerCitation)
                stamps.add(stamp, key: key)
                plan.add(c, key: key)
            }
            changed = Set(stamps.keys)
        } else {
            try library.forEachStamp(query) { stamps.add($0) }
            changed = stamps.changed(since: previous, salt: salt, folder: notes)
            let ids = changed.flatMap { stamps[$0]?.ids ?? [] }
            if ids.count > stamps.count / 2 {
                // Most of the library: one pass over it beats looking each citation up.
                query.sort = .created
                query.reverse = true  // oldest first
                if changed.count < stamps.keys.count { plan.only = changed }
                try library.forEachCitation(query) { plan.add($0) }
            } else {
                try library.forEachCitation(ids: ids) { plan.add($0) }
            }
        }
        let kept = stamps.keys.filter { !changed.contains($0) }
        let report = try notes.write(
            plan.finished(), keeping: kept, stamps: stamps, salt: salt, readAt: readAt, previous: previous, damaged: damaged)
        return (notes, report)
    }

    /// The `notesFolder` brought up to date, when one is set (after `rotate` and `sync`);
    /// `nil` when none is.
    package func refreshNotes() throws -> (folder: NotesFolder, report: NotesFolder.Report)? {
        let settings = try settings()
        guard let folder = settings.notesFolder else { return nil }
        return try exportNotes(to: folder, format: settings.notesFormat)
    }

    /// Refuses a notes folder that is (or is inside) the sync folder, an output directory or
    /// the library's directory (for `export`, and when `notesFolder` is written).
    package func checkNotesFolder(_ path: String) throws {
        let folder =
            Posix.resolvedPath(path) ?? Posix.resolvedPath(Posix.parentDirectory(path)).map { $0 + "/" + Posix.lastComponent(path) } ?? path
        func within(_ inner: String, _ outer: String) -> Bool { inner == outer || inner.hasPrefix(outer == "/" ? "/" : outer + "/") }
        if let library = Posix.resolvedPath(Posix.parentDirectory(paths.library)), within(folder, library) {
            throw NotesError.unsafeFolder(path, .libraryDirectory(library))
        }
        let all = (try? SettingsFile(path: paths.settings).loadAll()) ?? []
        for settings in all {
            if let sync = settings.syncFolder.flatMap(Posix.resolvedPath), within(folder, sync) {
                throw NotesError.unsafeFolder(path, .syncFolder(sync))
            }
            if let output = Posix.resolvedPath(paths.outputDirectory(settings)), within(folder, output) {
                throw NotesError.unsafeFolder(path, .outputDirectory(output))
            }
        }
    }
}
