import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed rotate [--out DIR] [--rotation NAME] [--all]`
struct RotateCommand: Command {
    static let out = Option("out", "DIR", "write the outputs to DIR this time instead of the outputDirectory setting")
    static let all = Flag("all", "rotate every rotation, the default one and each named one (for a timer or cron)")

    static let spec = CommandSpec(
        name: "rotate", usage: "[--out DIR] [--rotation NAME] [--all]",
        summary: "Make sure the current slot has a pick, then write the feeds and status files.",
        details: """
            Run it from cron or a systemd timer (or let 'citefeed status' do it from the bar). In a
            slot that already has a pick it keeps it, and files whose content would not change are
            not rewritten. It prints where the outputs are and the status line.
            With nothing to show (no citation is eligible) it says so on standard error and exits 0;
            the feeds keep their past items. --all does this for every rotation in one process,
            each named one's lines after a line "rotation NAME:"; a rotation that fails is named
            and undone alone, the others are kept, and the exit status is the first failure's.
            """,
        options: [out, CLI.rotationOption, all],
        positionals: (0, 0), positionalName: "")

    let out: String?
    let every: Bool

    init(_ arguments: ParsedArguments) throws {
        out = arguments(Self.out)
        every = arguments(Self.all)
        if every && out != nil { throw UsageError.conflicting("--all", "--out", command: "rotate") }
        if every && arguments.has(CLI.rotationOption) { throw UsageError.conflicting("--all", "--rotation", command: "rotate") }
    }

    func run(_ context: Context) throws {
        let home = context.home
        // Two rotations in one directory (settings.json edited by hand) would overwrite each other.
        let all = try SettingsFile(path: context.paths.settings).loadAll()
        guard every else {
            try home.checkOutputDirectories(all)
            let directory = out.map { Posix.absolutePath($0, home: context.paths.userHome) }
            let settings = try context.settings()
            try report(home.rotate(settings, directory: directory), settings, context)
            NotesLines.refresh(context)
            return context.sendDigests([settings])
        }
        func label(_ settings: Settings) -> String { settings.rotation.isEmpty ? "the default rotation" : "rotation \(settings.rotation)" }
        let failures = try home.rotateAll(all) { settings, result in
            if !settings.rotation.isEmpty { context.out.line("rotation \(settings.rotation):") }
            switch result {
            case .success(let rotated): try report(rotated, settings, context)
            case .failure(let error as any CiteFeedError):
                context.out.flush()
                context.err.line("citefeed: error: \(label(settings)): \(error.message.echoed(limit: .max))")
            case .failure(let error): throw error
            }
        }
        NotesLines.refresh(context)
        context.sendDigests(all)
        if let first = failures.first {
            throw RotateAllError(
                failed: failures.map { label($0.settings) }, total: all.count,
                exitStatus: (first.error as? any CiteFeedError)?.exitStatus ?? .failure)
        }
    }
}

/// `rotate --all` rotated the rotations it could and names those it could not.
struct RotateAllError: CiteFeedError {
    var failed: [String]
    var total: Int
    var exitStatus: ExitStatus

    var message: String {
        "\(failed.count) of \(total) rotations could not be rotated (\(failed.joined(separator: ", "))); the others were rotated and written."
    }
}

/// What `rotate` and `next` print: where the outputs are, and the status line (in review mode,
/// the bar's card, worked out anew).
func report(_ rotated: Rotated, _ settings: Settings, _ context: Context) throws {
    let status = StatusRenderer(settings: settings)
    switch rotated {
    case let .reviewing(current, written):
        reportWritten(written, context)
        context.out.line("\(status.plain(current.pick, width: status.width, review: current.review))")
    case let .rotating(state, written):
        reportWritten(written, context)
        context.out.line("\(status.plain(state.pick?.snapshot, width: status.width))")
        // A card's back (an answer, a response) under its front, as the bar's tooltip has it:
        // a question alone would leave the reader without its answer.
        if let back = state.pick?.snapshot.back, !status.template.holds("back") {
            let line = TextWidth.truncate(back.foldedToOneLine, to: max(status.width - 2, 10), atWord: true)
            context.out.line("→ \(line)")
        }
        if state.pick == nil {
            context.warn(
                "nothing to show: no citation is eligible under the settings (\(try eligibilitySummary(context, settings: settings))).")
        }
    }
}

/// The line saying which outputs were written where (or that they are up to date).
private func reportWritten(_ written: Written, _ context: Context) {
    if written.files.isEmpty {
        context.out.line("Outputs in \(written.directory) are up to date (\(OutputSet.names.joined(separator: " "))).")
    } else {
        context.out.line("Wrote \(written.files.joined(separator: " ")) to \(written.directory).")
    }
}

/// The settings that limit what rotates, for messages.
func eligibilitySummary(_ context: Context, settings: Settings? = nil) throws -> String {
    let s = try settings ?? context.settings()
    var parts: [String] = []
    for key in [SettingKey.tags, .excludeTags, .authors, .excludeAuthors, .sources, .search, .minLength, .maxLength] {
        if let value = s.value(of: key), value != key.defaultValue { parts.append(key.rawValue + " " + SettingKey.display(value).echoed()) }
    }
    if s.favouritesOnly { parts.append("favouritesOnly") }
    if s.weights.contains(where: { $0.weight == 0 }) {
        parts.append("weights " + s.weights.filter { $0.weight == 0 }.map(\.description).joined(separator: " ").echoed())
    }
    return parts.isEmpty ? "add a citation, or restore an archived one" : parts.joined(separator: ", ") + "; 'citefeed defaults' shows them"
}
