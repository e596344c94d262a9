import CiteFeedExchange
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

extension Home {
    /// `export --format obsidian|logseq|markdown DIR`, and the `notesFolder` that `rotate`
    /// and `sync` keep in step: the citations `query` selects (archived ones too, under
    /// "Archived", unless `notesArchived` is `remove`) as pages of `folder` (absolute), one
    /// per source or per citation. Refuses a folder inside the sync folder, an output
    /// directory or the library's directory, where its files would be shared, published or
    /// mistaken for citefeed's own.
    package func exportNotes(
        _ query: CitationQuery = CitationQuery(), to folder: String, format: NotesFormat, onePerCitation: Bool = false
    ) throws -> (folder: NotesFolder, report: NotesFolder.Report) {
        let settings = try settings()
        try checkNotesFolder(folder)
        let notes = try NotesFolder(path: folder, format: format)
        let library = try library()
        var plan = NotesPage.Plan(onePerCitation: onePerCitation, keepArchived: settings.notesArchived == .section)
        var query = query
        query.all = true
        query.archived = false
        query.sort = .created
        query.reverse = true  // oldest first
        try library.forEachCitation(query) { plan.add($0) }
        return (notes, try notes.write(plan.finished()))
    }

    /// The `notesFolder` brought up to date, when one is set (after `rotate` and `sync`);
    /// `nil` when none is.
    package func refreshNotes() throws -> (folder: NotesFolder, report: NotesFolder.Report)? {
        let settings = try settings()
        guard let folder = settings.notesFolder else { return nil }
        return try exportNotes(to: folder, format: settings.notesFormat)
    }

    /// Refuses a notes folder that is (or is inside) the sync folder, an output directory or
    /// the library's directory.
    func checkNotesFolder(_ path: String) throws {
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
