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
    static let devices = Flag(
        "devices", "import from every e-reader mounted under /media/$USER, /run/media/$USER and /mnt (or the ROOTs given)")
    static let apps = Flag("apps", "import what the desktop readers keep for you: Foliate, calibre's viewer, KOReader")

    static let spec = CommandSpec(
        name: "import",
        usage: "FILE|DIR|URL [--format F] [--dry-run] [--skip-invalid] [--tag T]...  |  import --devices [ROOT]...  |  import --apps",
        summary: "Import citations from a file, a folder, a web address or a mounted e-reader.",
        details: """
            Formats (found from the name and the content unless --format says): citefeed's JSON export;
            quote collections in JSON (a list of objects, an object holding one list, dummyjson's
            {"quotes": [...]}, JSON Lines) or CSV (a header naming the columns, or none: text, author),
            their fields found by name (text, quote, quoteText, content, q, body; author, quoteAuthor,
            a, by, from; source, book, title; tags, category; the guide's import page lists all); Readwise's CSV export
            (favorite and discard kept); fortune files (entries between lines of %, a last line
            -- Author as the attribution); Markdown notes (.md: each > blockquote, with an attribution
            line -- Author, Source after it); Anki's notes in plain text (#separator:tab, #html:…;
            front, back, tags); Anki's packages (.apkg, .colpkg, either form Anki writes): a card each,
            the note's first field the text and the second the back, cloze gaps on the front, the
            deck and tags as tags, flags as flag/COLOUR, suspended cards archived, every card with
            its review history, replayed into its schedule (media is left out and counted).
            --format revlog reads the FSRS tools' review log (card_id,review_time,review_rating,…;
            'citefeed export --format revlog' writes it): its answers are added to the library's
            cards, found by id or uuid, and their schedules replayed; a line for a card the library
            lacks stops it and is named.
            E-readers' highlights, each with its note as the back, the book (and chapter) as the
            source, its authors, date and colour: Kindle's My Clippings.txt in any language, its
            notebook exported as HTML or saved from read.amazon.com, and Bookcision's JSON;
            KOReader's sidecars (BOOK.sdr/metadata.EXT.lua, read as data, nothing in them is run)
            and its JSON, Markdown and HTML exports; a Kobo's .kobo/KoboReader.sqlite; Apple
            Books' AEAnnotation database (with its -wal, titles from BKLibrary beside it); Google
            Play Books' "Notes from …" as .docx or HTML; Hypothesis annotations (the API's or the client's export: the quote, the
            comment as the back, the page as the source); calibre's highlights export; Zotero's
            zotero.sqlite. Databases are read from a private copy: the device's or program's files
            are never changed. Bookmarks, page notes and the like are left out and counted.
            Text in UTF-8, UTF-16 with a byte order mark, or Windows-1252. FILE of - reads standard
            input (files and standard input up to 100 MiB); http(s) addresses are fetched with curl
            (30 s, 50 MB).
            DIR imports every e-reader file and highlight export under it (not quote collections:
            import those by name), each on its own, a line each; --devices does so for every
            e-reader mounted under /media/$USER, /run/media/$USER and /mnt (or the ROOTs given):
            a Kindle's documents/My Clippings.txt, a Kobo's database, KOReader's sidecars. A file
            that fails does not stop the others; the exit status says whether any failed. Then
            each reader with KOReader gets sleep-screen pictures, as 'citefeed picture --devices'.
            --apps does so for the desktop readers' annotations, where they keep them for you:
            Foliate's book data (~/.local/share/com.github.johnfactotum.Foliate, or its Flatpak's),
            calibre's viewer's annotations of books opened outside a library
            (~/.config/calibre/viewer/annots, titles from the viewer's list of recent books), and
            KOReader on the desktop (~/.config/koreader: its docsettings and hashdocsettings, and
            the sidecars beside the books in its history).
            All or nothing: an invalid record stops the import and names it, unless --skip-invalid.
            Citations already in the library (same text and author, ignoring case, spaces, how
            quotes, dashes and ellipses are written and the punctuation at the text's ends; the
            author's words in any order: "Last, First" is "First Last") are skipped, so importing
            twice, or the same highlight from two readers, adds nothing; a note made on the device since becomes the back of a citation
            that has none. Ends with: imported N, skipped M duplicates. --dry-run says what would
            be imported and left out, and writes nothing. On a terminal, an import that takes more
            than half a second shows a progress bar.
            """,
        options: [format, skipInvalid, dryRun, tag, devices, apps],
        positionals: (0, nil), positionalName: "a FILE, DIR or URL to import", completes: .files)

    /// The largest file (or standard input) read: 100 MiB, some 700,000 citations of citefeed's
    /// JSON, which an import holds about three times over at its peak.
    static let sizeLimit = 100 << 20

    let source: String
    /// With --devices: the roots to look under (none: the usual ones).
    let roots: [String]?
    /// --apps: the desktop readers' annotations.
    var fromApps = false
    let format: ImportFormat
    let skipInvalid: Bool
    let dryRun: Bool
    let tags: [String]

    init(_ arguments: ParsedArguments) throws {
        let chosen = try arguments.choice(Self.format, ImportFormat.self)
        if arguments(Self.apps) {
            if arguments(Self.devices) { throw UsageError.conflicting("--apps", "--devices", command: "import") }
            if chosen != nil { throw UsageError.conflicting("--apps", "--format", command: "import") }
            if let extra = arguments.positionals.first { throw UsageError.extraArgument(extra, command: "import") }
            (source, roots) = ("", nil)
            fromApps = true
        } else if arguments(Self.devices) {
            if chosen != nil { throw UsageError.conflicting("--devices", "--format", command: "import") }
            (source, roots) = ("", arguments.positionals)
        } else {
            guard let first = arguments.positionals.first else {
                throw UsageError.missingArgument(Self.spec.positionalName, command: "import")
            }
            if arguments.positionals.count > 1 { throw UsageError.extraArgument(arguments.positionals[1], command: "import") }
            (source, roots) = (first, nil)
        }
        format = chosen ?? .auto
        skipInvalid = arguments(Self.skipInvalid)
        dryRun = arguments(Self.dryRun)
        tags = try arguments.values(Self.tag).map { name throws(ModelError) in try Tag.validateName(name) }
    }

    func run(_ context: Context) throws {
        if let roots { return try importDevices(roots: roots, context) }
        if fromApps { return try importApps(context) }
        let name = source == "-" ? "standard input" : source
        let path = Posix.absolutePath(source, home: context.paths.userHome)
        if source != "-", !source.contains("://"), Posix.isDirectory(path) {
            if format != .auto {
                throw UsageError.other("--format names one file's format; the files of a folder are each recognised by their content")
            }
            return try importFolder(path, context)
        }
        if format.isDatabase {
            // A database is read from its file and those beside it: not from a stream or an address.
            if source == "-" || source.contains("://") {
                throw ImportError.malformed(name, "a \(format.rawValue) database is read from its file; give its path")
            }
            if Posix.fileExists(path), !Importers.isDatabase(path) {
                throw ImportError.malformed(name, "it is not an SQLite database, as a \(format.rawValue) file is")
            }
        }
        // A database is read from a copy of its file (and the files beside it), never whole here.
        let (chosen, reader): (ImportFormat, ImportReader)
        if source != "-" && !source.contains("://") && (format == .auto || format.isDatabase) && Importers.isDatabase(path) {
            (chosen, reader) = try Importers.database(path: path, name: name, format: format)
        } else {
            let raw = try read(context)
            // A review log adds answers to cards, and is no citations.
            if format == .revlog || (format == .auto && RevlogCSV.looksLike(raw)) { return try importRevlog(raw, name: name, context) }
            (chosen, reader) = try open(raw, name: name, source: source) {
                context.err.line("citefeed: note: \(name.echoed(limit: 200)): \($0).")
            }
        }
        do {
            try importing(reader, name: name, format: chosen, context, label: nil)
        } catch ImportError.noCitations(_, let format, let skipped) where format.holdsHighlights {
            // A book opened and never highlighted: nothing to import, nothing wrong (as in a folder).
            let left = skipped.isEmpty ? "" : " (\(ImportError.counted(skipped)) left out)"
            context.out.line("\(name.echoed(limit: 300)): no highlights\(left)")
        }
    }

    /// A reader of `raw`, the bytes of the file `source` (`Importers.open`), in --format's format.
    func open(_ raw: [UInt8], name: String, source: String, note: (String) -> Void) throws -> (ImportFormat, ImportReader) {
        try Importers.open(raw, name: name, source: source, format: format, note: note)
    }

    /// Imports what `reader` reads and says what was imported and left out; for one source of
    /// several, each line starts with its `label` and a source with nothing new says so.
    @discardableResult
    func importing(_ reader: ImportReader, name: String, format chosen: ImportFormat, _ context: Context, label: String?) throws
        -> ImportResult
    {
        // A bar on a terminal once the import has taken half a second (CITEFEED_PROGRESS_DELAY,
        // in milliseconds, changes that for tests).
        var bar =
            context.stderrIsTerminal
            ? ProgressBar(stream: context.err, delay: context.environment["CITEFEED_PROGRESS_DELAY"].flatMap { Int64($0) } ?? 500) : nil
        defer { bar?.finish() }
        let result = try context.home.leavingNoNewLibrary(discard: { _ in dryRun }) {
            try context.home.importRecords(
                reader, name: name, format: chosen, extraTags: tags, skipInvalid: skipInvalid, dryRun: dryRun, progress: { bar?.update($0) }
            )
        }
        bar?.finish()
        bar = nil
        if dryRun {
            report(result, name: name, format: chosen, skipped: reader.skipped, context)
            return result
        }
        say(result, skipped: reader.skipped, label: label, context)
        return result
    }

    /// What an import did: the records skipped and what was left out on standard error, the
    /// counts on standard output; for one source of several (`label`), each line starts with its
    /// name, and a source that gave nothing new says so.
    func say(_ result: ImportResult, skipped: [(String, Int)], label: String?, _ context: Context) {
        let prefix = label.map { "\($0.echoed(limit: 300)): " } ?? ""
        for problem in result.invalid { context.err.line("citefeed: \(prefix)skipped \(problem.words.echoed(limit: 1000))") }
        if !skipped.isEmpty { context.err.line("citefeed: note: \(prefix)left out \(ImportError.counted(skipped)) (not citations).") }
        for text in result.stayDeleted {
            context.err.line(
                "citefeed: note: \(prefix)\(quoted(text)) stays deleted: it was deleted since an earlier import (here or on a machine you sync with), and sync keeps a deletion; 'citefeed add' makes it again as a new citation"
            )
        }
        let nothingNew = label != nil && result.imported == 0 && result.backsAdded == 0 && result.invalid.isEmpty
        let summary = nothingNew ? "nothing new (\(ImportError.counted([("duplicate", result.duplicates)])))" : counts(result)
        context.out.line("\(prefix)\(summary)")
    }

    /// "imported N, skipped M duplicates" ("would import N, skip M duplicates" in a dry run),
    /// and the notes that became backs and the invalid records skipped, when there were any.
    func counts(_ result: ImportResult) -> String {
        let duplicates = ImportError.counted([("duplicate", result.duplicates)])
        var text = dryRun ? "would import \(result.imported), skip \(duplicates)" : "imported \(result.imported), skipped \(duplicates)"
        if result.backsAdded > 0 {
            text += result.backsAdded == 1 ? ", 1 note added as a back" : ", \(result.backsAdded) notes added as backs"
        }
        if !result.invalid.isEmpty { text += ", \(result.invalid.count) invalid" }
        if !result.stayDeleted.isEmpty { text += ", \(result.stayDeleted.count) deleted before" }
        return text
    }

    /// What a dry run found, on standard output: nothing was written.
    private func report(_ result: ImportResult, name: String, format: ImportFormat, skipped: [(String, Int)], _ context: Context) {
        let out = context.out
        out.line("Dry run (nothing was written): \(name.echoed(limit: 120)) read as \(format.rawValue).")
        out.line(
            "would import \(result.imported) (\(result.withBack) with a back side), skip \(ImportError.counted([("duplicate", result.duplicates)]))"
        )
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
            let lower = source.lowercased()
            if case .tooLarge = error.cause, lower.hasSuffix(".apkg") || lower.hasSuffix(".colpkg") {
                // Its pictures and sounds, mostly, which the import leaves out anyway.
                throw ImportError.malformed(
                    source,
                    "it is larger than \(Posix.describe(bytes: ImportCommand.sizeLimit)), more than citefeed reads; export it from Anki again without \"Include media\" (citefeed leaves pictures and sounds out)"
                )
            }
            throw InputError.unreadable(source, error.reason(about: path))
        }
        guard let bytes else { throw ImportError.notFound(source) }
        return bytes
    }
}
