import CiteFeedModel
import CiteFeedSupport

/// What `import DIR` and `import --devices` import: the files of e-readers and highlight
/// exports found under a folder, and the e-readers mounted under the usual roots.
///
/// A folder is walked (not through symbolic links, at most 16 deep, hidden folders skipped but
/// for a Kobo's `.kobo` and `.adds`, where KOReader keeps its sidecars on a Kobo) for: KOReader's sidecars (`BOOK.sdr/metadata.EXT.lua`), Kindle's `My
/// Clippings.txt`, a Kobo's `KoboReader.sqlite`, Apple Books' `AEAnnotation*.sqlite`, Zotero's
/// `zotero.sqlite`, Play Books' `.docx` (a Word document holding Play Books' notes), and `.json`,
/// `.html`, `.md`, `.txt`, `.lua` and `.calibre_highlights` files whose content is one of the
/// highlight formats (KOReader's exports,
/// a Kindle notebook, Bookcision, Hypothesis, Play Books, calibre, Foliate, clippings). Quote collections
/// (citefeed's JSON, CSV, Markdown quotes, fortune, Anki) are not taken from a folder: a folder
/// of notes is not a library to import whole; import such a file by its name.
package enum ImportSources {
    /// The formats a folder import takes from a file's content.
    static let highlightFormats: Set<ImportFormat> = [
        .koreader, .notebook, .bookcision, .hypothesis, .playbooks, .calibre, .clippings, .foliate,
    ]

    /// What a walk passed over, for a note (the command line words it).
    package enum PassedOver: Equatable, Sendable {
        /// A folder deeper than 16, not looked in.
        case tooDeep(String)
        /// A folder that could not be read.
        case unreadable(IOFailure)
        /// Names in a folder that are not UTF-8, passed over.
        case notUTF8(folder: String, count: Int)
    }

    /// Why a file (not hidden) was not taken, for a dry run.
    package enum LeftOut: Equatable, Sendable {
        /// A file in a KOReader sidecar folder that is not its `metadata.*.lua`.
        case notKOReaderMetadata
        case tooLarge(limit: Int)
        case wordWithoutPlayBooks
        /// Not a kind of file e-readers and reading tools write.
        case notReaderFile
        case empty
        case notText
        case nothingFound
        /// A quote collection (read as this format), which a folder import leaves out.
        case quoteCollection(ImportFormat)
    }

    /// The files, and what was passed over (a folder that cannot be read, names that are not
    /// UTF-8, folders deeper than 16).
    /// `leftOut`: the files (not hidden) that were not taken, each with why, for a dry run.
    package static func find(in root: String) -> (files: [String], passedOver: [PassedOver], leftOut: [(path: String, reason: LeftOut)]) {
        var found: [String] = [], passedOver: [PassedOver] = [], leftOut: [(path: String, reason: LeftOut)] = []
        walk(root, depth: 0, into: &found, passedOver: &passedOver, leftOut: &leftOut)
        return (found.sorted(), passedOver, leftOut)
    }

    private static func walk(
        _ folder: String, depth: Int, into found: inout [String], passedOver: inout [PassedOver],
        leftOut: inout [(path: String, reason: LeftOut)]
    ) {
        guard depth <= 16 else {
            passedOver.append(.tooDeep(folder))
            return
        }
        let inSidecar = folder.hasSuffix(".sdr")
        let listing: (names: [String], notUTF8: Int)
        do throws(IOFailure) { listing = try Posix.listDirectory(folder) } catch {
            passedOver.append(.unreadable(error))
            return
        }
        if listing.notUTF8 > 0 {
            passedOver.append(.notUTF8(folder: folder, count: listing.notUTF8))
        }
        for name in listing.names.sorted() {
            let path = folder + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                // Hidden folders are no one's reading, but for a Kobo's database and KOReader's
                // own folder on a Kobo (.adds/koreader/docsettings holds sidecars there).
                if name.hasPrefix(".") && name != ".kobo" && name != ".adds" { continue }
                walk(path, depth: depth + 1, into: &found, passedOver: &passedOver, leftOut: &leftOut)
            case S_IFREG:
                if let reason = leftOutReason(name: name, path: path, inSidecar: inSidecar, size: Int(st.st_size)) {
                    if !name.hasPrefix(".") { leftOut.append((path, reason)) }
                } else {
                    found.append(path)
                }
            default: continue
            }
        }
    }

    /// Whether the file `name` at `path` is one a folder import takes.
    static func takes(name: String, path: String, inSidecar: Bool, size: Int) -> Bool {
        leftOutReason(name: name, path: path, inSidecar: inSidecar, size: size) == nil
    }

    /// Why a folder import does not take the file `name` at `path`; `nil` when it does.
    static func leftOutReason(name: String, path: String, inSidecar: Bool, size: Int) -> LeftOut? {
        let lower = name.lowercased()
        if inSidecar { return lower.hasPrefix("metadata.") && lower.hasSuffix(".lua") ? nil : .notKOReaderMetadata }
        if lower == "my clippings.txt" || name == "KoboReader.sqlite" || lower == "zotero.sqlite" { return nil }
        if name.hasPrefix("AEAnnotation") && lower.hasSuffix(".sqlite") { return nil }
        if size > 100 << 20 { return .tooLarge(limit: 100 << 20) }
        if lower.hasSuffix(".docx") { return PlayBooks.looksLike(docxAt: path) ? nil : .wordWithoutPlayBooks }
        let extensions = [".json", ".html", ".htm", ".md", ".txt", ".calibre_highlights", ".lua"]
        guard extensions.contains(where: { lower.hasSuffix($0) }) else {
            return .notReaderFile
        }
        guard size > 0, let head = Posix.readPrefix(path, 65536) else { return .empty }
        guard let text = ImportText.decodeIfText(head) else { return .notText }
        guard let format = Importers.detect(name: name, bytes: text) else { return .nothingFound }
        return highlightFormats.contains(format)
            ? nil : .quoteCollection(format)
    }

    /// The usual places e-readers are mounted for `user`: `/media/USER`, `/run/media/USER`, `/mnt`.
    package static func mountRoots(user: String?) -> [String] {
        (user.map { ["/media/" + $0, "/run/media/" + $0] } ?? []) + ["/mnt"]
    }

    /// The e-readers mounted in (or at) each root, with the files each holds: a Kindle's
    /// `documents/My Clippings.txt`, a Kobo's `.kobo/KoboReader.sqlite`, KOReader's sidecars
    /// anywhere on either (or on a PocketBook or an Android device's storage that has KOReader).
    package static func devices(roots: [String]) -> [(device: String, files: [String])] {
        var result: [(String, [String])] = []
        var seen = Set<String>()
        for given in roots where Posix.isDirectory(given) {
            // Each reader once, however its path is spelt; a root that is a reader is that reader
            // alone (its own folders, `.adds` holding `koreader`, are not readers).
            let root = Posix.resolvedPath(given) ?? given
            let candidates =
                isReader(root) ? [root] : Posix.directoryEntries(root).sorted().map { root + "/" + $0 }.filter(Posix.isDirectory)
            for device in candidates where !seen.contains(device) && isReader(device) {
                if seen.contains(where: { device.hasPrefix($0 + "/") }) { continue }
                seen.insert(device)
                var files: [String] = []
                for file in [device + "/documents/My Clippings.txt", device + "/.kobo/KoboReader.sqlite"] where Posix.fileExists(file) {
                    files.append(file)
                }
                var sidecars: [String] = []
                walkSidecars(device, depth: 0, into: &sidecars)
                result.append((device, files + sidecars.sorted()))
            }
        }
        return result
    }

    /// Whether `folder` is an e-reader's storage.
    static func isReader(_ folder: String) -> Bool {
        Posix.fileExists(folder + "/documents/My Clippings.txt") || Posix.isDirectory(folder + "/.kobo")
            || Posix.isDirectory(folder + "/koreader") || Posix.isDirectory(folder + "/.adds/koreader")
            || Posix.isDirectory(folder + "/applications/koreader")
    }

    static func walkSidecars(_ folder: String, depth: Int, into found: inout [String]) {
        guard depth <= 8 else { return }
        for name in Posix.directoryEntries(folder) where !name.hasPrefix(".") || name == ".adds" {
            let path = folder + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else { continue }
            if name.hasSuffix(".sdr") {
                for file in Posix.directoryEntries(path) where file.hasPrefix("metadata.") && file.hasSuffix(".lua") {
                    found.append(path + "/" + file)
                }
            } else {
                walkSidecars(path, depth: depth + 1, into: &found)
            }
        }
    }
}
