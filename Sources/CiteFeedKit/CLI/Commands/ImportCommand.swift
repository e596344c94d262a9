/// `citefeed import FILE|URL [--format F] [--skip-invalid] [--tag T]...`
struct ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import", usage: "FILE|URL [--format auto|json|csv|fortune|clippings|dummyjson] [--skip-invalid] [--tag T]...",
        summary: "Import citations from a file or a web address.",
        details: """
            Formats (found from the name and the content unless --format says): citefeed's JSON export;
            a JSON list of objects with text (or quote, or content) and author; dummyjson's
            {"quotes": [...]}; CSV with citefeed's header or Readwise's export; fortune files (entries
            between lines of %); Kindle's My Clippings.txt (highlights, with notes as their back side).
            FILE of - reads standard input; http(s) addresses are fetched with curl (30 s, 50 MB).
            All or nothing: an invalid record stops the import and names it, unless --skip-invalid.
            Citations already in the library (same text and author, ignoring case and spaces) are
            skipped, so importing twice adds nothing. Ends with: imported N, skipped M duplicates.
            """,
        options: [
            .value("format", "F", "auto (default), json, csv, fortune, clippings or dummyjson"),
            .flag("skip-invalid", "import the valid records and list the others"),
            .value("tag", "T", "add this tag to every imported citation (repeatable)", repeatable: true),
        ],
        positionals: (1, 1), positionalName: "a FILE or URL to import")

    let source: String
    let format: ImportFormat
    let skipInvalid: Bool
    let tags: [String]

    init(_ arguments: ParsedArguments) throws {
        source = arguments.positionals[0]
        format =
            try arguments.value("format").map { v throws(UsageError) in try Arguments.choice(v, option: "format", ImportFormat.self) }
            ?? .auto
        skipInvalid = arguments.flag("skip-invalid")
        tags = try arguments.values("tag").map { name throws(ModelError) in try Tag.validateName(name) }
    }

    func run(_ context: Context) throws {
        let bytes = try read(context)
        let name = source == "-" ? "standard input" : source
        if bytes.isEmpty || bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { throw ImportError.empty(name) }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else { throw ImportError.binary(name) }
        let chosen = format == .auto ? Importers.detect(name: source, text: text) : format
        guard let chosen else { throw ImportError.unknownFormat(name) }
        let document = try Importers.read(chosen, name: name, text: text)
        let now = try context.now()
        let result = try context.changeLibrary(canChangeShown: false) {
            try $0.importDocument(document, extraTags: tags, skipInvalid: skipInvalid, now: now)
        }
        for problem in result.invalid { context.err.line("citefeed: skipped \(problem)") }
        var summary = "imported \(result.imported), skipped \(result.duplicates) duplicate\(result.duplicates == 1 ? "" : "s")"
        if !result.invalid.isEmpty { summary += ", \(result.invalid.count) invalid" }
        context.out.line(summary)
    }

    private func read(_ context: Context) throws -> [UInt8] {
        if source == "-" { return Array(try context.readStandardInputText().utf8) }
        if source.contains("://") { return try Fetcher.fetch(source, environment: context.environment) }
        let path = Posix.absolutePath(source, home: context.paths.userHome)
        let bytes: [UInt8]?
        do { bytes = try Posix.readFile(path) } catch { throw InputError.unreadable(source, error.message) }
        guard let bytes else { throw ImportError.notFound(source) }
        return bytes
    }
}
