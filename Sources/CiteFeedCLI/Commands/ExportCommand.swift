import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed export [--format json|csv|txt|fortune|anki|revlog] [--out FILE] [--tag T]... [--favourites] [--archived|--all]`,
/// and `citefeed export --format obsidian|logseq|markdown [--one-per-citation] DIR`.
struct ExportCommand: Command {
    /// Every format: a file's (`ExportFormat`) or a notes folder's (`NotesFormat`).
    enum Format: String, CaseIterable {
        case json, csv, txt, fortune, anki, revlog, obsidian, logseq, markdown
    }

    static let format = Option(
        "format", "F", "json (default), csv, txt, fortune, anki, revlog; obsidian, logseq or markdown (a folder of notes)",
        choices: Format.self)
    static let onePerCitation = Flag("one-per-citation", "notes: a page for each citation, not for each source")
    static let out = Option("out", "FILE", "write to FILE (replaced atomically) instead of standard output")
    static let tag = Option("tag", "T", "only citations with this tag (repeat: any of them)", repeatable: true)
    static let favourites = Flag("favourites", "only favourites")
    static let archived = Flag("archived", "only archived citations")
    static let all = Flag("all", "archived citations too")

    static let spec = CommandSpec(
        name: "export",
        usage:
            "[--format json|csv|txt|fortune|anki|revlog] [--out FILE] [--tag T]... [--favourites] [--archived|--all]\n       citefeed export --format obsidian|logseq|markdown [--one-per-citation] [--tag T]... [--favourites] DIR",
        summary: "Write citations to standard output or a file.",
        details: """
            json (the default) is citefeed's own format with every field, uuids and dates included:
            'citefeed import' of it into an empty library gives the same library back. csv has the
            header id,uuid,text,back,author,source,tags,favourite,created_at,updated_at,archived_at
            (RFC 4180, tags joined with ;). txt is for reading; fortune is for strfile(1) and fortune(6).
            revlog is the review log the FSRS optimizer and benchmark read: a line per answer,
            card_id,review_time,review_rating,review_state,review_duration (the citation's id, the
            time in milliseconds, 1-4, the card's state before: 0 new, 1 learning, 2 review, 3
            relearning; the duration 0, as citefeed does not time answers).
            Without --archived or --all, archived citations are left out. Oldest first.
            A CSV cell that a spreadsheet would run as a formula (=, +, -, @ first) gets a ' before
            it, which citefeed's import removes. A new --out file is private (0600); a file it
            replaces keeps its permissions.

            obsidian, logseq and markdown write a folder of notes, DIR (made when its parent is
            there): a page per source (book, site, deck), or per citation with --one-per-citation,
            that a later export, or every rotate and sync with the setting notesFolder, keeps in
            step with the library. citefeed writes only between its markers in a page
            (<!-- citefeed:begin … --> and <!-- citefeed:end -->; in Logseq, the blocks with a
            citation's id::), so the user's text above, below and between them stays; a citation
            edited is rewritten where it is, a new one added, a deleted one removed, an archived
            one moved under "Archived" (the setting notesArchived); a page renamed or moved is
            found again; a page nothing changed in is not written; and only files citefeed wrote,
            listed in DIR/.citefeed-notes.json, are ever deleted. Obsidian: front matter (author,
            source, tags, citefeed-uuids), each citation a callout whose type is its colour, its back
            a quote in it, its tags as #tags, and a block id ^cf-UUID to link to it. Logseq: title::
            and author:: page properties, each citation a block with id:: UUID. A folder inside the
            sync folder, an output directory or the library's directory is refused.
            """,
        options: [format, out, tag, favourites, archived, all, onePerCitation],
        positionals: (0, 1), positionalName: "DIR")

    let format: ExportFormat
    let out: String?
    var query = CitationQuery()
    /// The notes folder's format and path, for obsidian, logseq and markdown.
    var notes: (format: NotesFormat, folder: String)?
    var onePerCitation = false

    init(_ arguments: ParsedArguments) throws {
        let chosen = try arguments.choice(Self.format, Format.self) ?? .json
        out = arguments(Self.out)
        onePerCitation = arguments(Self.onePerCitation)
        if let notesFormat = NotesFormat(rawValue: chosen.rawValue) {
            guard let folder = arguments.positionals.first else { throw UsageError.missingArgument("DIR", command: "export") }
            if folder.isEmpty { throw UsageError.invalidValue("", expected: "DIR is a folder's path, not empty") }
            if out != nil { throw UsageError.conflicting("--format \(chosen.rawValue)", "--out", command: "export") }
            if arguments(Self.archived) { throw UsageError.conflicting("--format \(chosen.rawValue)", "--archived", command: "export") }
            if arguments(Self.all) { throw UsageError.conflicting("--format \(chosen.rawValue)", "--all", command: "export") }
            notes = (notesFormat, folder)
        } else {
            if let extra = arguments.positionals.first { throw UsageError.extraArgument(extra, command: "export") }
            if onePerCitation { throw UsageError.conflicting("--one-per-citation", "--format \(chosen.rawValue)", command: "export") }
        }
        format = ExportFormat(rawValue: chosen.rawValue) ?? .json
        if arguments(Self.archived) && arguments(Self.all) { throw UsageError.conflicting("--archived", "--all", command: "export") }
        query.tags = try arguments.values(Self.tag).map { name throws(ModelError) in try Tag.validateName(name) }
        query.favouritesOnly = arguments(Self.favourites)
        query.archived = arguments(Self.archived)
        query.all = arguments(Self.all)
        query.sort = .created
        query.reverse = true  // oldest first
    }

    /// Streams the export: citations are read, written and let go a batch at a time. With
    /// --out, the file appears (atomically) only when complete.
    func run(_ context: Context) throws {
        if let notes {
            let folder = Posix.absolutePath(notes.folder, home: context.paths.userHome)
            let (written, report) = try context.home.exportNotes(query, to: folder, format: notes.format, onePerCitation: onePerCitation)
            return NotesLines.report(written, report, to: context)
        }
        /// Writes the whole export through `emit`; returns the number of citations.
        func export(_ emit: @escaping ([UInt8]) throws -> Void) throws -> Int {
            try context.home.export(query, format: format, emit: emit)
        }
        guard let out else {
            if context.stdoutIsTerminal {
                // For eyes: whole, so that a character is never split between two writes, and
                // made safe.
                var bytes: [UInt8] = []
                _ = try export { bytes.append(contentsOf: $0) }
                context.out.write(data: String(decoding: bytes, as: UTF8.self))
            } else {
                _ = try export { context.out.write(bytes: $0) }
            }
            return
        }
        let given = Posix.absolutePath(out, home: context.paths.userHome)
        var written = given
        do {
            // A device or a named pipe (/dev/stdout, a FIFO) is written to, never replaced, and
            // the library's and settings' own files are refused (UserOutput).
            let output = try UserOutput.resolve(given, protected: context.paths.ownFiles)
            written = output.path
            guard case .file(let existing) = output.kind else {
                var bytes: [UInt8] = []
                let count = try export { bytes.append(contentsOf: $0) }
                try output.write(bytes, newMode: 0o600)
                context.err.line("Exported \(count) citation\(count == 1 ? "" : "s") to \(output.path).")
                return
            }
            // The library's data, so private (0600) like the library; a file replaced keeps its
            // own permissions.
            let file = try StagedFile(for: output.path, mode: existing ?? 0o600)
            let count = try export { try file.write($0) }
            try file.commit()
            context.err.line("Exported \(count) citation\(count == 1 ? "" : "s") to \(output.path).")
        } catch let error as IOFailure {
            throw OutputError.cannotWriteFile(written, error)
        }
    }
}
