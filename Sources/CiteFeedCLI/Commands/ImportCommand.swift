import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed import FILE|URL [--format F] [--skip-invalid] [--tag T]...`
struct ImportCommand: Command {
    static let format = Option("format", "F", "auto (default), \(ImportFormat.named)", choices: ImportFormat.self)
    static let skipInvalid = Flag("skip-invalid", "import the valid records and list the others")
    static let dryRun = Flag("dry-run", "say what would be imported, and what left out and why; write nothing")
    static let tag = Option("tag", "T", "add this tag to every imported citation (repeatable)", repeatable: true)

    static let spec = CommandSpec(
        name: "import", usage: "FILE|URL [--format auto|json|csv|fortune|clippings|dummyjson|markdown|anki|koreader|notebook] [--dry-run] [--skip-invalid] [--tag T]...",
        summary: "Import citations from a file or a web address.",
        details: """
            Formats (found from the name and the content unless --format says): citefeed's JSON export;
            quote collections in JSON (a list of objects, an object holding one list, dummyjson's
            {"quotes": [...]}, JSON Lines) or CSV (a header naming the columns, or none: text, author),
            their fields found by name (text, quote, quoteText, content, q, body; author, quoteAuthor,
            a, by, from; source, book, title; tags, category; see the README); Readwise's CSV export
            (favorite and discard kept); fortune files (entries between lines of %, a last line
            -- Author as the attribution); Kindle's My Clippings.txt in any language (highlights with
            their dates, notes as their back side; bookmarks left out); Markdown notes (.md: each
            > blockquote, with an attribution line -- Author, Source after it); Anki's notes in plain
            text (#separator:tab, #html:…; front, back, tags); KOReader's sidecars
            (BOOK.sdr/metadata.EXT.lua: highlights with their notes, chapter, date and colour; read
            as data, nothing in them is run); Kindle's notebook exported as HTML (highlights with
            their notes and colours; bookmarks left out). UTF-8, UTF-16 with a byte order mark,
            or Windows-1252. --dry-run says what would be imported and left out, and writes nothing.
            FILE of - reads standard input (files and standard input up to 100 MiB); http(s)
            addresses are fetched with curl (30 s, 50 MB).
            All or nothing: an invalid record stops the import and names it, unless --skip-invalid.
            Citations already in the library (same text and author, ignoring case and spaces) are
            skipped, so importing twice adds nothing. Ends with: imported N, skipped M duplicates.
            On a terminal, an import that takes more than half a second shows a progress bar.
            """,
        options: [format, skipInvalid, dryRun, tag],
        positionals: (1, 1), positionalName: "a FILE or URL to import", completes: .files)

    /// The largest file (or standard input) read: 100 MiB, some 700,000 citations of citefeed's
    /// JSON, which an import holds about three times over at its peak.
    static let sizeLimit = 100 << 20

    let source: String
    let format: ImportFormat
    let skipInvalid: Bool
    let dryRun: Bool
    let tags: [String]

    init(_ arguments: ParsedArguments) throws {
        source = arguments.positionals[0]
        format =
            try arguments.choice(Self.format, ImportFormat.self) ?? .auto
        skipInvalid = arguments(Self.skipInvalid)
        dryRun = arguments(Self.dryRun)
        tags = try arguments.values(Self.tag).map { name throws(ModelError) in try Tag.validateName(name) }
    }

    func run(_ context: Context) throws {
        let name = source == "-" ? "standard input" : source
        let reader: ImportReader, chosen: ImportFormat
        let path = Posix.absolutePath(source, home: context.paths.userHome)
        // A database is read from a copy of its file (and the files beside it), never whole here.
        if source != "-", !source.contains("://"), format == .auto || format.isDatabase, Importers.isDatabase(path) {
            (chosen, reader) = try Importers.database(path: path, name: name, format: format)
            return try importing(reader, name: name, format: chosen, context)
        }
        let raw = try read(context)
        if let binary = Importers.detectBinary(name: source, bytes: raw), format == .auto || format == binary {
            (chosen, reader) = (binary, try Importers.reader(binary, name: name, bytes: raw))
        } else {
            let decoded: ImportText.Decoded
            do throws(ImportText.Failure) { decoded = try ImportText.decode(raw) } catch { throw ImportError.binary(name) }
            let bytes = decoded.bytes
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { throw ImportError.empty(name) }
            if let note = decoded.note { context.err.line("citefeed: note: \(name.echoed(limit: 200)): \(note).") }
            guard let detected = format == .auto ? Importers.detect(name: source, bytes: bytes) : format else { throw ImportError.unknownFormat(name) }
            (chosen, reader) = (detected, try Importers.reader(detected, name: name, bytes: bytes))
        }
        try importing(reader, name: name, format: chosen, context)
    }

    /// Imports what `reader` reads and says what was imported and left out.
    private func importing(_ reader: ImportReader, name: String, format chosen: ImportFormat, _ context: Context) throws {
        // A bar on a terminal once the import has taken half a second (CITEFEED_PROGRESS_DELAY,
        // in milliseconds, changes that for tests).
        var bar =
            context.stderrIsTerminal
            ? ProgressBar(stream: context.err, delay: context.environment["CITEFEED_PROGRESS_DELAY"].flatMap { Int64($0) } ?? 500) : nil
        defer { bar?.finish() }
        // Bad input changes nothing: a failed import into a home without a library leaves none
        // (the library is made when first opened, before the file's records are checked).
        let folder = Posix.parentDirectory(context.paths.library)
        let libraryExisted = Posix.fileExists(context.paths.library), folderExisted = Posix.fileExists(folder)
        func removeNewLibrary() {
            if !libraryExisted && context.removeNewLibrary() && !folderExisted { rmdir(folder) }
        }
        let result: ImportResult
        do {
            result = try context.home.importRecords(
                reader, name: name, format: chosen, extraTags: tags, skipInvalid: skipInvalid, dryRun: dryRun, progress: { bar?.update($0) })
            if dryRun { removeNewLibrary() }
        } catch {
            removeNewLibrary()
            throw error
        }
        bar?.finish()
        bar = nil
        if dryRun { return report(result, format: chosen, skipped: reader.skipped, context) }
        for problem in result.invalid { context.err.line("citefeed: skipped \(problem.words.echoed(limit: 1000))") }
        if !reader.skipped.isEmpty { context.err.line("citefeed: note: left out \(ImportError.counted(reader.skipped)) (not citations).") }
        var summary = "imported \(result.imported), skipped \(ImportError.counted([("duplicate", result.duplicates)]))"
        if !result.invalid.isEmpty { summary += ", \(result.invalid.count) invalid" }
        context.out.line("\(summary)")
    }

    /// What a dry run found, on standard output: nothing was written.
    private func report(_ result: ImportResult, format: ImportFormat, skipped: [(String, Int)], _ context: Context) {
        let out = context.out
        out.line("Dry run (nothing was written): \(source.echoed(limit: 120)) read as \(format.rawValue).")
        out.line("would import \(result.imported) (\(result.withBack) with a back side), skip \(ImportError.counted([("duplicate", result.duplicates)]))")
        if !skipped.isEmpty { out.line("left out (not citations): \(ImportError.counted(skipped))") }
        if !result.invalid.isEmpty {
            out.line("invalid: \(result.invalid.count)\(skipInvalid ? ", skipped" : "; the import stops at them unless --skip-invalid")")
            for problem in result.invalid.prefix(10) { out.line("  \(problem.words.echoed(limit: 200))") }
            if result.invalid.count > 10 { out.line("  and \(result.invalid.count - 10) more") }
        }
        if !result.first.isEmpty {
            out.line("first citations:")
            for c in result.first {
                let by = [c.author, c.source].compactMap { $0 }.joined(separator: ", ")
                out.line("  “\(c.text.echoed(limit: 70))”\(by.isEmpty ? "" : " — " + by.echoed(limit: 60))")
            }
        }
    }

    private func read(_ context: Context) throws -> [UInt8] {
        if source == "-" { return try context.readStandardInputBytes() }
        if source.contains("://") { return try Fetcher.fetch(source, environment: context.environment) }
        let path = Posix.absolutePath(source, home: context.paths.userHome)
        let bytes: [UInt8]?
        do { bytes = try Posix.readFile(path, limit: ImportCommand.sizeLimit, anyKind: true) } catch {
            throw InputError.unreadable(source, error.reason)
        }
        guard let bytes else { throw ImportError.notFound(source) }
        return bytes
    }
}
