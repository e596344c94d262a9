import CiteFeedExchange
import CiteFeedModel
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `import DIR` and `import --devices [ROOT]...`: every source found, each imported on its own
/// (all or nothing: a savepoint each, in one transaction; `Home.importEach`), so one bad file
/// does not stop the others; a line each, a total, and an exit status that says whether any
/// failed (the first failure's).
extension ImportCommand {
    func importFolder(_ folder: String, _ context: Context) throws {
        let (files, passedOver, leftOut) = ImportSources.find(in: folder)
        for passed in passedOver { context.err.line("citefeed: note: \(passed.words.echoed(limit: 400)).") }
        // A dry run says what it passed over too, and why: what a real run would leave.
        if dryRun {
            for (path, reason) in leftOut {
                context.out.line("\(label(of: path, under: folder).echoed(limit: 300)): passed over: \(reason.words)")
            }
        }
        guard !files.isEmpty else { throw FolderImportError.nothingFound(source) }
        try importSources(files.map { (label(of: $0, under: folder), $0) }, context)
    }

    func importDevices(roots given: [String], _ context: Context) throws {
        let roots = given.isEmpty ? ImportSources.mountRoots(user: context.environment["USER"] ?? context.environment["LOGNAME"]) : given
        let paths = roots.map { Posix.absolutePath($0, home: context.paths.userHome) }
        // A root the user names must be there; the usual ones may not be.
        if let missing = given.indices.first(where: { !Posix.isDirectory(paths[$0]) }) { throw FolderImportError.noRoot(given[missing]) }
        let devices = ImportSources.devices(roots: paths)
        guard !devices.isEmpty else {
            // Not an error: the path unit runs this whenever anything is mounted.
            context.err.line("citefeed: note: no e-reader is mounted under \(roots.joined(separator: ", ").echoed(limit: 600)).")
            return
        }
        var sources: [(String, String)] = []
        for (device, files) in devices {
            if files.isEmpty { context.err.line("citefeed: note: \(device.echoed(limit: 300)): an e-reader with no highlights.") }
            sources += files.map { (label(of: $0, under: Posix.parentDirectory(device)), $0) }
        }
        // Then the readers' sleep screens (KOReader's), from the library as the import left it;
        // a dry run writes none.
        defer {
            if !dryRun {
                do { try SleepScreenWriter.writeAll(roots: paths, preset: nil, theme: nil, context, fromImport: true) } catch {
                    context.err.line(
                        "citefeed: warning: the readers' sleep screens were not written: \((error as? CiteFeedError)?.message ?? "\(error)")"
                    )
                }
            }
        }
        guard !sources.isEmpty else { return }
        try importSources(sources, context)
    }

    /// `import --apps`: each desktop reader's files, a line each, labelled with the program.
    func importApps(_ context: Context) throws {
        let home = context.paths.userHome ?? context.environment["HOME"] ?? "/"
        let apps = ImportSources.apps(
            home: home, dataHome: context.environment["XDG_DATA_HOME"], configHome: context.environment["XDG_CONFIG_HOME"])
        guard !apps.isEmpty else {
            context.err.line("citefeed: note: no desktop reader's annotations were found (Foliate, calibre's viewer, KOReader).")
            return
        }
        var sources: [(String, String)] = []
        for app in apps {
            if app.files.isEmpty { context.err.line("citefeed: note: \(app.name): no annotations.") }
            sources += app.files.map { path in
                // A sidecar by its book's folder (BOOK.sdr/metadata.epub.lua), any other file by its name.
                let folder = Posix.parentDirectory(path)
                let name =
                    folder.hasSuffix(".sdr") ? Posix.lastComponent(folder) + "/" + Posix.lastComponent(path) : Posix.lastComponent(path)
                return (app.name + ": " + name, path)
            }
        }
        guard !sources.isEmpty else { return }
        try importSources(sources, context)
    }

    /// `path` as it is shown: below `folder`.
    private func label(of path: String, under folder: String) -> String {
        path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }

    private func importSources(_ sources: [(label: String, path: String)], _ context: Context) throws {
        // A dry run, or a run in which nothing was imported, leaves no library it made.
        let outcomes = try context.home.leavingNoNewLibrary(discard: { outcomes in
            dryRun || outcomes.allSatisfy { (try? $0.result.get()).map { $0.imported == 0 } ?? true }
        }) {
            try context.home.importEach(
                sources.map { source in
                    ImportSource(name: source.label) { staging, number in
                        try stage(source.path, label: source.label, in: staging, number: number)
                    } open: { staged in
                        // Run on the opening thread: nothing here touches the context. The copy is
                        // read; the original's path names the format (a sidecar's folder).
                        if Importers.isDatabase(staged) {
                            let (format, reader) = try Importers.database(path: staged, name: source.label, format: .auto)
                            return (format, reader, nil)
                        }
                        var said: String?
                        let (format, reader) = try open(
                            try readSource(staged, label: source.label), name: source.label, source: source.path
                        ) {
                            said = $0
                        }
                        return (format, reader, said)
                    }
                }, extraTags: tags, skipInvalid: skipInvalid, dryRun: dryRun)
        }
        var failed: [ExitStatus] = []
        var total = ImportResult()
        for ((label, _), outcome) in zip(sources, outcomes) {
            if let note = outcome.note { context.err.line("citefeed: note: \(label.echoed(limit: 300)): \(note).") }
            switch outcome.result {
            case .success(let result):
                say(result, skipped: outcome.skipped, label: label, context)
                total.imported += result.imported
                total.duplicates += result.duplicates
                total.stayDeleted += result.stayDeleted
                total.backsAdded += result.backsAdded
                total.invalid += result.invalid
            case .failure(ImportError.noCitations(_, _, let skipped)):
                // A book opened and never highlighted: nothing to import, nothing wrong.
                let left = skipped.isEmpty ? "" : " (\(ImportError.counted(skipped)) left out)"
                context.out.line("\(label.echoed(limit: 300)): no highlights\(left)")
            case .failure(let error):
                let failure = error as? any CiteFeedError
                failed.append(failure?.exitStatus ?? .failure)
                let message = failure?.message ?? String(describing: error)
                // Every line names its file (an invalid record's message names only the record).
                let named = message.hasPrefix(label) ? message : label + ": " + message
                context.out.flush()
                context.err.line("citefeed: error: \(named.echoed(limit: .max))")
            }
        }
        let summary =
            (dryRun ? "Dry run (nothing was written): " : "") + ImportError.counted([("file", sources.count)]) + ": " + counts(total)
        context.out.line("\(summary)")
        if let first = failed.first { throw FolderImportError.failed(failed.count, of: sources.count, status: first) }
    }

    /// The source at `path` copied for the import, with the errors reading it would give.
    private func stage(_ path: String, label: String, in staging: ImportStaging, number: Int) throws -> String {
        do {
            guard let copy = try staging.stage(path, number: number, limit: ImportCommand.sizeLimit) else {
                throw ImportError.notFound(label)
            }
            return copy
        } catch let failure as IOFailure {
            if Importers.isDatabase(path) { throw ImportError.notCopied(label, failure) }
            // A failure of the copy (a full disk) names the copy: only the source's own is
            // said as the source's.
            throw InputError.unreadable(label, failure.reason(about: path))
        }
    }

    private func readSource(_ path: String, label: String) throws -> [UInt8] {
        do {
            guard let bytes = try Posix.readFile(path, limit: ImportCommand.sizeLimit) else { throw ImportError.notFound(label) }
            return bytes
        } catch let failure as IOFailure {
            throw InputError.unreadable(label, failure.reason(about: path))
        }
    }
}

/// How a folder's or the devices' import ended badly.
enum FolderImportError: CiteFeedError {
    case nothingFound(String)
    /// A root given to --devices that is not a folder.
    case noRoot(String)
    /// How many sources failed, of how many, and the exit status of the first failure.
    case failed(Int, of: Int, status: ExitStatus)

    var exitStatus: ExitStatus {
        switch self {
        case .nothingFound, .noRoot: .notFound
        case .failed(_, _, let status): status
        }
    }

    var message: String {
        switch self {
        case .nothingFound(let folder):
            "Nothing under \(folder) is a file citefeed imports from a folder (e-readers' highlights and highlight exports; see 'citefeed import --help'); import other files by name."
        case .noRoot(let root): "\(root) is not a folder: give --devices the folders e-readers are mounted in (such as /media/$USER)."
        case let .failed(count, total, _) where count == total:
            count == 1 ? "It could not be imported (said above)." : "None of the \(count) files could be imported (said above)."
        case let .failed(count, total, _):
            "\(count) of \(ImportError.counted([("file", total)])) could not be imported (said above); the others were."
        }
    }
}
