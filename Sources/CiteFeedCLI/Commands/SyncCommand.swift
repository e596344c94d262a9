import CiteFeedModel
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed sync [DIR]`
struct SyncCommand: Command {
    static let json = Flag("json", "print what was done as JSON")
    static let acceptDeletions = Flag(
        "accept-deletions", "apply other machines' deletions even of most of the library")
    static let statusJSON = Flag("json", "print this machine and the others as JSON")

    static let spec = CommandSpec(
        name: "sync run", usage: "[DIR] [--json]",
        summary: "Write this machine's changes to the sync folder and apply every other machine's.",
        details: """
            DIR (remembered as the setting syncFolder) is a folder that Syncthing, Nextcloud,
            Dropbox or a git repository carries between your machines. citefeed writes only its
            own files there (DIR/MACHINE/: change logs and snapshots), so the sync engine never
            sees a conflict, and every machine that applies the same changes has the same library.
            Without DIR and without syncFolder, it does nothing and exits 0, so the systemd timer
            can run it for everyone. What the folder holds is data, never a command; settings that
            run or write something on a machine are never synced. 'citefeed sync DIR' is short
            for 'citefeed sync run DIR'. DIR may not be the library's directory, one holding it,
            or the output directory (which is published). A citation another machine deleted stays
            in this machine's trash for 30 days ('citefeed restore --deleted'); a sync that would
            delete more than half of a library of 20 citations or more applies nothing unless
            --accept-deletions is given.
            """,
        options: [json, acceptDeletions], positionals: (0, 1), positionalName: "DIR")

    let folder: String?
    let asJSON: Bool
    let acceptDeletions: Bool

    init(_ arguments: ParsedArguments) throws {
        folder = arguments.positionals.first
        asJSON = arguments(Self.json)
        acceptDeletions = arguments(Self.acceptDeletions)
    }

    func run(_ context: Context) throws {
        // An empty word (an unset variable in a script) is not the current directory.
        if folder == "" { throw UsageError.invalidValue("", expected: "DIR is a folder's path, not empty") }
        guard let (path, report) = try context.home.sync(given: folder, acceptDeletions: acceptDeletions) else { return }
        if let old = report.renewedFrom {
            context.warn(
                "this library was copied or restored from a backup since it last synced, so it now writes as a new machine, \(report.machine); what it wrote before stays in the folder as machine \(old), and that machine's later changes were applied",
                prefix: "note")
        }
        if let missing = report.missing {
            context.warn(
                "this machine's changes \(missing.lowerBound)-\(missing.upperBound) are not in \(path) (a new folder, or one emptied or set back): the machines that synced before have them, but one that joins from this folder will not: start a new machine from the old folder, or from a copy of this library's directory (the guide's sync page, doc/sync.md, \"Moving the folder\")"
            )
        }
        for dropped in report.dropped {
            context.warn(
                "your edit of citation \(dropped.id) was dropped: machine \(SyncCommand.who(dropped.machine, name: report.names[dropped.machine] ?? "")) deleted it on \(dropped.clock.time.localShort); 'citefeed restore --deleted' brings it back"
            )
        }
        for setting in report.refused {
            context.warn("another machine's value of \(setting) does not fit with this machine's settings; it was left out here")
        }
        for skipped in report.skipped {
            context.warn("\(SyncCommand.describe(skipped)); skipped")
        }
        for (machine, count) in report.moreSkipped.sorted(by: { $0.key < $1.key }) {
            context.warn(
                "machine \(SyncCommand.who(machine, name: report.names[machine] ?? "")): \(count) more line\(count == 1 ? "" : "s") skipped"
            )
        }
        for (machine, why) in report.unreadable.sorted(by: { $0.key < $1.key }) {
            context.warn(
                "machine \(SyncCommand.who(machine, name: report.names[machine] ?? "")): \(why.message); its changes wait, the others' were applied"
            )
        }
        for (machine, ahead) in report.ahead.sorted(by: { $0.key < $1.key }) {
            context.warn(
                "machine \(SyncCommand.who(machine, name: report.names[machine] ?? "")): \(ahead.file) line \(ahead.line) is clocked \(SyncService.clockTime(ahead.clock)), more than a day ahead of this machine's clock; it and that machine's later changes wait until then (is its clock right?)"
            )
        }
        for (machine, version) in report.newer.sorted(by: { $0.key < $1.key }) {
            context.warn(
                "machine \(SyncCommand.who(machine, name: report.names[machine] ?? "")) writes sync format \(version), newer than this citefeed reads (\(SyncLine.format)); its changes wait until citefeed is updated here"
            )
        }
        if asJSON {
            context.out.write(
                data: JSONWriter.pretty(
                    .object([
                        ("folder", .string(path)), ("machine", .string(report.machine)), ("written", .int(Int64(report.written))),
                        ("applied", .int(Int64(report.applied))), ("skipped", .int(Int64(report.skipped.count))),
                        ("deleted", .int(Int64(report.deleted))),
                    ])))
        } else {
            let written = report.written
            let deleted =
                report.deleted == 0
                ? ""
                : " (\(report.deleted == 1 ? "1 citation" : "\(report.deleted) citations") deleted by other machines: 'citefeed restore --deleted' lists \(report.deleted == 1 ? "it" : "them") for \(Library.trashDays) days)"
            context.out.line(
                "Synced with \(path): \(written) change\(written == 1 ? "" : "s") written, \(report.applied) applied\(deleted).")
        }
        NotesLines.refresh(context)
    }

    static func describe(_ s: SyncService.Skipped) -> String {
        let reason: String
        switch s.reason {
        case .invalid(let why): reason = why
        case .refused(let error): reason = "add would refuse it: " + error.reason
        case .newerFormat(let v): reason = "format \(v) is newer than this citefeed's"
        }
        return "machine \(who(s.machine, name: s.name)), \(s.file) line \(s.line): \(reason)"
    }

    /// A machine as messages name it: its name and id, or its id.
    /// A name kept before names were checked (`SyncFolder.isName`) is shown escaped, on one line.
    static func who(_ machine: String, name: String) -> String { name.isEmpty ? machine : "\(name.echoed(limit: 100)) (\(machine))" }
}
