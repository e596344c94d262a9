import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed about [--json]`
struct AboutCommand: Command {
    static let json = Flag("json", "print a JSON object")

    static let spec = CommandSpec(
        name: "about", usage: "[--json]", summary: "Show the version, paths in use, counts, SQLite version and last pick.",
        details: "", options: [json], positionals: (0, 0), positionalName: "")

    let json: Bool

    init(_ arguments: ParsedArguments) throws { json = arguments(Self.json) }

    func run(_ context: Context) throws {
        let now = try context.now()
        let (libraryPath, counts, last) = try context.home.overview()
        let settingsPath = context.paths.settings
        let output = context.paths.outputDirectory(try context.settings())
        // Announcements run after a bar's command have no terminal: their failures are logged.
        let failure = AnnouncementLog(path: context.paths.announceLog).lastFailure()
        if json {
            context.out.write(
                data:
                    JSONWriter.pretty(
                        .object([
                            ("version", .string(CLI.version)), ("library", .string(libraryPath)), ("settings", .string(settingsPath)),
                            ("outputDirectory", .string(output)), ("citations", .int(Int64(counts.active))),
                            ("favourites", .int(Int64(counts.favourites))), ("archived", .int(Int64(counts.archived))),
                            ("tags", .int(Int64(counts.tags))), ("sqlite", .string(Database.sqliteVersion)),
                            ("lastRotation", last.map { .string($0.pickedAt.rfc3339UTC) } ?? .null),
                            ("lastAnnouncementFailure", .optional(failure)), ("announcementLog", .string(context.paths.announceLog)),
                        ])))
            return
        }
        let settingsNote = Posix.fileExists(settingsPath) ? "" : " (not written yet: all defaults)"
        var rows = [
            ("version", "citefeed \(CLI.version)"),
            ("library", libraryPath),
            ("settings", settingsPath + settingsNote),
            ("outputs", output),
            (
                "citations",
                "\(counts.active) (\(counts.favourites) favourite\(counts.favourites == 1 ? "" : "s")), \(counts.archived) archived, \(counts.tags) tag\(counts.tags == 1 ? "" : "s")"
            ),
            ("sqlite", Database.sqliteVersion),
            // A pick's time is its slot's start (a rotation picks for the slot, whenever it runs).
            (
                "last pick",
                last.map { p in
                    let slot = "the slot \(p.slot.start.localShort)–\(p.slot.end.localShort.suffix(5))"
                    let when =
                        p.pickedAt == p.slot.start
                        ? "for \(slot)" : "at \(p.pickedAt.localShort.suffix(5)) (\(p.reason.rawValue)) in \(slot)"
                    return "citation \(p.snapshot.id), \(when), \(p.pickedAt.relative(to: now))"
                } ?? "none yet"
            ),
        ]
        if let failure { rows.append(("announcing", "failed \(failure.echoed(limit: 400)) (\(context.paths.announceLog))")) }
        if let digest = try Self.digestLine(context) { rows.append(("digest", digest)) }
        for (label, value) in rows { context.out.line(context.terminal.bold(label.padding(to: 14)) + "\(value)") }
    }

    /// The rotation's scheduled digest: where and when it goes, when it last went, and why the
    /// last try failed; `nil` without `digestTo`.
    static func digestLine(_ context: Context) throws -> String? {
        let settings = try context.settings()
        guard !settings.digestTo.isEmpty else { return nil }
        let record = context.home.digestRecord(settings)
        var line = "to \(settings.digestTo) at \(settings.digestTime)" + (settings.digestTime.weekday == nil ? " each day" : " each week")
        line += record.sentAt.map { "; last sent \(Timestamp(seconds: $0).localShort)" } ?? "; not sent yet"
        if let failure = record.failure, let since = record.failingSince {
            line += "; not sent since \(Timestamp(seconds: since).localShort): \(failure.echoed(limit: 300)) (the next rotate tries again)"
        }
        return line
    }
}
