import CiteFeedModel
import CiteFeedSupport

/// A folder of notes kept in step with the library (ARCHITECTURE.md, "Notes"): each page is
/// found (by the manifest, else by its key in the files, when the user renamed or moved it),
/// made anew with the user's lines kept (`NotesComposer`), and written only when its bytes
/// change; pages whose citations are all gone are deleted when nothing of the user's is in
/// them, and left (without citefeed's blocks) when something is. Only `.md` files inside the
/// folder are ever written or deleted, never through a link.
package struct NotesFolder {
    /// The folder as given.
    package let root: String
    /// Where the pages go: the folder, or a Logseq graph's `pages/` when the folder is a graph.
    package let directory: String
    package let format: NotesFormat
    let composer: NotesComposer

    /// The largest page read (a bigger file is not a page of citefeed's).
    static let pageLimit = 16 << 20

    /// What an export did in the folder, by path relative to `directory`.
    package struct Report: Sendable {
        package var created: [String] = []
        package var updated: [String] = []
        package var unchanged = 0
        package var removed: [String] = []
        /// Pages no longer citefeed's, kept for the user's lines in them.
        package var left: [String] = []
        /// Pages found again where the user moved them: (the old path, the new one).
        package var found: [(from: String, to: String)] = []
        /// Pages whose markers the user broke, left as they were: the page, what is wrong,
        /// and the new page its citations went to.
        package var broken: [(path: String, problem: NotesPageProblem, replacement: String)] = []
        /// The manifest could not be read; pages were found by their keys instead.
        package var manifestDamaged = false
    }

    /// Opens the folder `path` (absolute), making it when its parent is there.
    package init(path: String, format: NotesFormat) throws(NotesError) {
        if let status = Posix.status(path) {
            guard status.isDirectory else { throw .notAFolder(path) }
        } else {
            let parent = Posix.parentDirectory(path)
            if Posix.fileExists(parent) && !Posix.isDirectory(parent) { throw .notAFolder(parent) }
            guard Posix.isDirectory(parent) else { throw .noParent(path) }
            do { try Posix.makeDirectories(path, mode: 0o755) } catch { throw .file(error) }
        }
        guard Posix.isWritable(path) else { throw .notWritable(path) }
        root = path
        let isGraph = format == .logseq && Posix.fileExists(path + "/logseq/config.edn")
        directory = isGraph ? path + "/pages" : path
        if isGraph && !Posix.isDirectory(directory) {
            do { try Posix.makeDirectories(directory, mode: 0o755) } catch { throw .file(error) }
        }
        self.format = format
        composer = NotesComposer(renderer: NotesRenderer(format))
    }

    package var manifestPath: String { directory + "/" + NotesManifest.fileName }

    /// Held while an export writes the folder: two at once (a timer's rotate and an export by
    /// hand) take turns.
    package var lockPath: String { directory + "/.citefeed-notes.lock" }

    /// Writes `pages` (those `NotesStamps.changed` names, made whole by `NotesPage.Plan`),
    /// carries the manifest's entries of `kept` pages (unchanged) over, and retires the
    /// manifest's pages that are neither; `stamps` give every page's fingerprint, `salt` and
    /// `readAt` go into the new manifest.
    package func write(
        _ pages: [NotesPage], keeping kept: [String], stamps: NotesStamps, salt: String, readAt: Int64, previous old: NotesManifest?,
        damaged: Bool
    ) throws(NotesError) -> Report {
        var report = Report()
        report.manifestDamaged = damaged
        var oldByKey: [String: NotesManifest.Page] = [:]
        for page in old?.pages ?? [] { oldByKey[page.key] = page }
        var names = NotesNames(directory: directory, taken: (old?.pages ?? []).map(\.path))
        var index: [String: String]?
        var entries: [String: NotesManifest.Page] = [:]
        var claimed: Set<String> = []
        for key in kept {
            guard let entry = oldByKey[key] else { continue }
            entries[key] = entry
            claimed.insert(entry.path)
            report.unchanged += 1
        }
        for page in pages {
            let previous = oldByKey[page.key]
            var path: String? = previous.map(\.path).flatMap { isPage($0) && !claimed.contains($0) ? $0 : nil }
            if path == nil {
                if index == nil { index = scan(skipping: Set((old?.pages ?? []).map(\.path).filter(isPage))) }
                if let moved = index?[page.key], !claimed.contains(moved) {
                    path = moved
                    report.found.append((previous?.path ?? moved, moved))
                }
            }
            let tags = format.hasFrontMatter ? NotesRenderer.uniqueTags(page.tags) : []
            func record(_ path: String) {
                let status = Posix.status(directory + "/" + path)
                claimed.insert(path)
                entries[page.key] = .init(
                    // Logseq's blocks are told from the user's by these uuids; the others' by their markers.
                    key: page.key, path: path, uuids: format == .logseq ? page.uuids.map { $0.lowercased() } : [], tags: tags,
                    size: status?.size ?? -1,
                    modified: status?.modified ?? -1, digest: stamps.digest(page.key))
            }
            guard let path else {
                let name = names.new(page.title)
                try put(composer.fresh(page), at: name)
                report.created.append(name)
                // Its page is there but not a file citefeed writes (a link, a folder): said.
                if let previous, !claimed.contains(previous.path),
                    Posix.isLink(directory + "/" + previous.path) || Posix.fileExists(directory + "/" + previous.path)
                {
                    report.broken.append((previous.path, .notAFile, name))
                }
                record(name)
                continue
            }
            let existing = try read(directory + "/" + path)
            let known = Set(page.uuids.map { $0.lowercased() }).union(previous?.uuids ?? [])
            switch composer.text(of: page, existing: existing, known: known, previousTags: previous?.tags ?? []) {
            case .failure(let problem):
                let name = names.new(page.title)
                try put(composer.fresh(page), at: name)
                report.broken.append((path, problem, name))
                report.created.append(name)
                record(name)
            case .success(let text):
                if text == existing {
                    report.unchanged += 1
                } else {
                    try put(Array(text.utf8), at: path)
                    report.updated.append(path)
                }
                record(path)
            }
        }
        for page in old?.pages ?? [] where entries[page.key] == nil && !claimed.contains(page.path) && isPage(page.path) {
            try retire(page, &report)
        }
        var manifest = NotesManifest(format: format, salt: salt, readAt: readAt)
        manifest.pages = stamps.keys.compactMap { entries[$0] }
        do {
            try AtomicWriter.write(Array(manifest.text.utf8), to: manifestPath, mode: 0o644)
        } catch { throw .file(error) }
        Posix.syncFileSystem(directory)
        return report
    }

    /// A page whose citations are all gone: deleted when nothing of the user's is in it, else
    /// written without citefeed's blocks and left to the user.
    private func retire(_ page: NotesManifest.Page, _ report: inout Report) throws(NotesError) {
        let full = directory + "/" + page.path
        let existing = try read(full)
        let empty = NotesPage(key: page.key, title: "")
        guard case .success(let text) = composer.text(of: empty, existing: existing, known: Set(page.uuids), previousTags: page.tags),
            let userLines = composer.userLines(in: text)
        else {
            report.left.append(page.path)
            return
        }
        if userLines == 0 {
            Posix.removeFile(full)
            report.removed.append(page.path)
        } else {
            if text != existing { try put(Array(text.utf8), at: page.path) }
            report.left.append(page.path)
        }
    }

    /// Whether a path of the manifest is a page there now: a regular file, not a link.
    func isPage(_ path: String) -> Bool {
        let full = directory + "/" + path
        return !Posix.isLink(full) && Posix.status(full)?.isRegular == true
    }

    /// The manifest of the last export; `nil` when there is none, or it is damaged (`damaged`:
    /// pages are then found by their keys). Another format's manifest is refused.
    package func loadManifest() throws(NotesError) -> (manifest: NotesManifest?, damaged: Bool) {
        guard let bytes = try? Posix.readFile(manifestPath, limit: 256 << 20) else { return (nil, Posix.fileExists(manifestPath)) }
        guard let value = try? JSONParser.parse(bytes), let manifest = NotesManifest(value) else { return (nil, true) }
        if manifest.format != format { throw .otherFormat(root, manifest.format) }
        return (manifest, false)
    }

    private func read(_ path: String) throws(NotesError) -> String {
        let bytes: [UInt8]?
        do { bytes = try Posix.readFile(path, limit: NotesFolder.pageLimit) } catch { throw .file(error) }
        guard let bytes else { throw .file(IOFailure(.read, path, .system(ENOENT))) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func put(_ bytes: [UInt8], at path: String) throws(NotesError) {
        let full = directory + "/" + path
        let mode = Posix.status(full).map { mode_t($0.permissions) } ?? 0o600
        do { try AtomicWriter.writeChanged([(full, bytes)], mode: mode, durable: false) } catch { throw .file(error) }
    }

    /// The key of every page of citefeed's under the folder that the manifest does not name
    /// (`skipping`), by relative path: `.md` files, not in dot folders, not through links.
    private func scan(skipping: Set<String>) -> [String: String] {
        var found: [String: String] = [:]
        var pending = [""]
        var seen = 0
        while let relative = pending.popLast(), seen < 100_000 {
            let dir = relative.isEmpty ? directory : directory + "/" + relative
            for name in Posix.directoryEntries(dir).sorted() where !name.hasPrefix(".") {
                seen += 1
                let path = relative.isEmpty ? name : relative + "/" + name
                let full = directory + "/" + path
                if Posix.isLink(full) { continue }
                guard let status = Posix.status(full) else { continue }
                if status.isDirectory {
                    if path.split(separator: "/").count < 8 { pending.append(path) }
                } else if status.isRegular, name.hasSuffix(".md"), !skipping.contains(path), status.size <= Int64(NotesFolder.pageLimit),
                    let text = Posix.readText(full, limit: NotesFolder.pageLimit),
                    let key = NotesComposer.key(of: text, format: format), found[key] == nil
                {
                    found[key] = path
                }
            }
        }
        return found
    }
}
