import CiteFeedExchange
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// `import DIR` and `import --devices [ROOT]...`: every source found, each imported on its own
/// (all or nothing, in its own transaction), so one bad file does not stop the others; a line
/// each, a total, and an exit status that says whether any failed.
extension ImportCommand {
    func importFolder(_ folder: String, _ context: Context) throws {
        let files = ImportSources.find(in: folder)
        guard !files.isEmpty else { throw FolderImportError.nothingFound(source) }
        try importSources(files.map { (label(of: $0, under: folder), $0) }, context)
    }

    func importDevices(roots given: [String], _ context: Context) throws {
        let roots = given.isEmpty ? ImportSources.mountRoots(user: context.environment["USER"] ?? context.environment["LOGNAME"]) : given
        let devices = ImportSources.devices(roots: roots.map { Posix.absolutePath($0, home: context.paths.userHome) })
        guard !devices.isEmpty else {
            // Not an error: the path unit runs this whenever anything is mounted.
            context.err.line("citefeed: note: no e-reader is mounted under \(roots.joined(separator: ", ")).")
            return
        }
        var sources: [(String, String)] = []
        for (device, files) in devices {
            if files.isEmpty { context.err.line("citefeed: note: \(device): an e-reader with no highlights.") }
            sources += files.map { (label(of: $0, under: Posix.parentDirectory(device)), $0) }
        }
        guard !sources.isEmpty else { return }
        try importSources(sources, context)
    }

    /// `path` as it is shown: below `folder`.
    private func label(of path: String, under folder: String) -> String {
        path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }

    private func importSources(_ sources: [(label: String, path: String)], _ context: Context) throws {
        var failed: [ExitStatus] = []
        var total = ImportResult()
        var empty = 0
        for (label, path) in sources {
            do {
                let (format, reader) =
                    try Importers.isDatabase(path)
                    ? Importers.database(path: path, name: label, format: .auto)
                    : open(try readSource(path, label: label), name: label, source: path, context)
                let result = try importing(reader, name: label, format: format, context, label: label)
                total.imported += result.imported
                total.duplicates += result.duplicates
                total.backsAdded += result.backsAdded
            } catch ImportError.noCitations(_, _, let skipped) {
                // A book opened and never highlighted: nothing to import, nothing wrong.
                empty += 1
                let left = skipped.isEmpty ? "" : " (\(ImportError.counted(skipped)) left out)"
                context.out.line("\(label): no highlights\(left)")
            } catch let error as any CiteFeedError {
                failed.append(error.exitStatus)
                context.out.flush()
                context.err.line("citefeed: error: \(error.message.echoed(limit: .max))")
            }
        }
        var summary = "\(ImportError.counted([("file", sources.count)])): imported \(total.imported), skipped \(ImportError.counted([("duplicate", total.duplicates)]))"
        if total.backsAdded > 0 { summary += total.backsAdded == 1 ? ", 1 note added as a back" : ", \(total.backsAdded) notes added as backs" }
        if dryRun { summary = "Dry run (nothing was written): " + summary }
        context.out.line("\(summary)")
        if let first = failed.first { throw FolderImportError.failed(failed.count, of: sources.count, status: first) }
    }

    private func readSource(_ path: String, label: String) throws -> [UInt8] {
        do {
            guard let bytes = try Posix.readFile(path, limit: ImportCommand.sizeLimit) else { throw ImportError.notFound(label) }
            return bytes
        } catch let failure as IOFailure {
            throw InputError.unreadable(label, failure.reason)
        }
    }
}

/// How a folder's or the devices' import ended badly.
enum FolderImportError: CiteFeedError {
    case nothingFound(String)
    /// How many sources failed, of how many, and the exit status of the first failure.
    case failed(Int, of: Int, status: ExitStatus)

    var exitStatus: ExitStatus {
        switch self {
        case .nothingFound: .notFound
        case .failed(_, _, let status): status
        }
    }

    var message: String {
        switch self {
        case .nothingFound(let folder):
            "Nothing under \(folder) is a file citefeed imports from a folder (e-readers' highlights and highlight exports; see 'citefeed import --help'); import other files by name."
        case let .failed(count, total, _):
            "\(count) of \(ImportError.counted([("file", total)])) could not be imported (said above); the others were."
        }
    }
}
