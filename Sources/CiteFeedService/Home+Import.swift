import CiteFeedExchange
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

extension Home {
    /// `import`: the records `reader` reads (from the file called `name`, in `format`) added to
    /// the library in one transaction, every rotation refreshed and its outputs written. A file
    /// that gives no citation at all is refused (`ImportError.noCitations`: never a silent loss);
    /// a dry run goes through every record, to say what each would do, and changes nothing.
    package func importRecords(
        _ reader: ImportReader, name: String, format: ImportFormat, extraTags: [String], skipInvalid: Bool, dryRun: Bool = false,
        progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportResult {
        /// A dry run's import, undone with the transaction it ran in.
        struct DryRun: Error { var result: ImportResult }
        let now = try now()
        do {
            return try library().withoutForeignKeyChecks {
                try change(canChangeShown: false) {
                    let result = try $0.importRecords(
                        from: reader, extraTags: extraTags, skipInvalid: skipInvalid || dryRun, now: now, progress: progress)
                    // citefeed's export of an empty library is nothing to import, not a wrong file.
                    if result.foundNothing && !reader.tags.isCitefeedExport {
                        throw ImportError.noCitations(name, format, skipped: reader.skipped)
                    }
                    if dryRun { throw DryRun(result: result) }
                    try replayImported(result.toReplay, in: $0)
                    return result
                }
            }
        } catch let run as DryRun {
            return run.result
        }
    }
}

extension Home {
    /// `import DIR` and `import --devices`: each source imported on its own, all or nothing (a
    /// savepoint each, so one that fails leaves the others), in one transaction, so the rotations
    /// are refreshed and their outputs written once, however many files there are (a KOReader
    /// home of 1,000 books was 1,000 commits and 1,000 refreshes), with one duplicate check
    /// (`SharedDuplicates`), and the next sources read and parsed on a second thread meanwhile.
    /// A source that gives no citation at all is `ImportError.noCitations`, as for one file. A
    /// dry run keeps each source's import until the end, so later sources see earlier ones'
    /// citations as duplicates, as the real import would, and then undoes everything.
    /// Every source is copied first, with no lock held (a device that is slow, or stops
    /// answering, holds back nothing else); the transaction reads the copies.
    package func importEach(_ sources: [ImportSource], extraTags: [String], skipInvalid: Bool, dryRun: Bool) throws -> [ImportOutcome] {
        let now = try now()
        let staging: ImportStaging
        do { staging = try ImportStaging(in: paths.importStaging) } catch {
            throw StoreError.file(error)
        }
        defer { staging.remove() }
        let staged = sources.enumerated().map { number, source in Result { try source.stage(staging, number) } }
        do {
            let library = try library()
            return try library.withoutForeignKeyChecks {
                try library.withLargeCache {
                    try change(canChangeShown: false) { library in
                        let outcomes = try importing(
                            Array(zip(sources, staged)), into: library, extraTags: extraTags, skipInvalid: skipInvalid, now: now)
                        if dryRun { throw DryRun(outcomes: outcomes) }
                        return outcomes
                    }
                }
            }
        } catch let run as DryRun {
            return run.outcomes
        }
    }

    private func importing(
        _ sources: [(source: ImportSource, staged: Result<String, any Error>)], into library: Library, extraTags: [String],
        skipInvalid: Bool,
        now: Timestamp
    ) throws -> [ImportOutcome] {
        typealias Opened = Result<(ImportFormat, ImportReader, String?), any Error>
        func open(_ source: ImportSource, _ staged: Result<String, any Error>) -> Opened {
            do { return .success(try source.open(try staged.get())) } catch { return .failure(error) }
        }
        // One source ahead: a file of up to 100 MiB each, held parsed.
        let opened = Channel<Opened>(capacity: 1)
        let opener = WorkerThread {
            for (source, staged) in sources {
                guard opened.send(open(source, staged)) else { return }
            }
            opened.close()
        }
        defer {
            opened.cancel()
            opener?.join()
        }
        var outcomes: [ImportOutcome] = []
        let duplicates = SharedDuplicates()
        for (source, staged) in sources {
            duplicates.begin()
            var outcome = ImportOutcome(result: .failure(ImportError.empty(source.name)))
            do {
                // Without a second thread (the system would not start one), each is opened here.
                let next: Opened
                if opener != nil {
                    guard let received = opened.receive() else { break }
                    next = received
                } else {
                    next = open(source, staged)
                }
                let (format, reader, note) = try next.get()
                (outcome.format, outcome.skipped, outcome.note) = (format, reader.skipped, note)
                outcome.result = .success(
                    try library.write {
                        let result = try library.importRecords(
                            from: reader, extraTags: extraTags, skipInvalid: skipInvalid, now: now, shared: duplicates)
                        if result.foundNothing {
                            throw ImportError.noCitations(source.name, format, skipped: reader.skipped)
                        }
                        try replayImported(result.toReplay, in: library)
                        return result
                    })
            } catch {
                duplicates.undoLast()
                outcome.result = .failure(error)
            }
            outcomes.append(outcome)
        }
        return outcomes
    }
}

extension Home {
    /// The cards an import brought with answers and no state (an Anki package's) replayed from
    /// their answers with the library's study settings, in the import's transaction.
    func replayImported(_ cards: [Int64: Timestamp?], in library: Library) throws {
        guard !cards.isEmpty else { return }
        try CardReplay(library: library).replay(
            Set(cards.keys), with: try studySettings(),
            keepingDue: cards.compactMapValues { $0 })
    }
}

/// A dry run's imports, undone with the transaction they ran in.
private struct DryRun: Error { var outcomes: [ImportOutcome] }

extension Home {
    /// Bad input changes nothing: runs `body` (an import) and, when it throws or `discard`
    /// says so of its result (a dry run, nothing imported), removes the library if this call
    /// made it (the library is made when first opened, before a file's records are checked) and
    /// it never held a citation: closed, then with its `-wal`, `-shm` and `.lock`, and its
    /// folder when that was made too.
    package func leavingNoNewLibrary<T>(discard: (T) -> Bool, _ body: () throws -> T) throws -> T {
        let folder = Posix.parentDirectory(paths.library)
        let libraryExisted = Posix.fileExists(paths.library), folderExisted = Posix.fileExists(folder)
        func removeIfNew() {
            // Opening it again gives the one this call opened; the reference goes at once, so
            // that closing the front end's (`closeLibrary`) closes it.
            guard !libraryExisted, Posix.fileExists(paths.library), (try? library().everHeldCitation()) == false else { return }
            closeLibrary()
            for suffix in ["-wal", "-shm", ".lock", ""] { unlink(paths.library + suffix) }
            if !folderExisted { rmdir(folder) }
        }
        let result: T
        do { result = try body() } catch {
            removeIfNew()
            throw error
        }
        if discard(result) { removeIfNew() }
        return result
    }
}
