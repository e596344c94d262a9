import CiteFeedModel
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed sync [DIR]`
struct SyncCommand: Command {
    static let json = Flag("json", "print what was done as JSON")

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
            run or write something on a machine are never synced.
            """,
        options: [json], positionals: (0, 1), positionalName: "DIR")

    let folder: String?
    let asJSON: Bool

    init(_ arguments: ParsedArguments) throws {
        folder = arguments.positionals.first
        asJSON = arguments(Self.json)
    }

    /// This machine's name in the folder: `syncName`, or the host name.
    static func machineName(_ settings: Settings) -> String {
        settings.syncName.isEmpty ? Posix.hostName() : settings.syncName
    }

    func run(_ context: Context) throws {
        let settings = try context.settings()
        var path = settings.syncFolder
        if let folder {
            let absolute = Posix.absolutePath(folder, home: context.paths.userHome)
            guard Posix.isDirectory(absolute) else { throw SyncError.notAFolder(absolute) }
            if path != absolute { try context.home.writeSetting(.syncFolder, .string(absolute), rotation: "") }
            path = absolute
        }
        guard let path else { return }
        let report = try context.home.sync(folder: path, name: SyncCommand.machineName(settings))
        for skipped in report.skipped {
            context.warn("\(SyncCommand.describe(skipped)); skipped")
        }
        for (machine, version) in report.newer.sorted(by: { $0.key < $1.key }) {
            context.warn(
                "machine \(machine) writes sync format \(version), newer than this citefeed reads (\(SyncLine.format)); its changes wait until citefeed is updated here"
            )
        }
        if asJSON {
            context.out.write(
                data: JSONWriter.pretty(
                    .object([
                        ("folder", .string(path)), ("machine", .string(report.machine)), ("written", .int(Int64(report.written))),
                        ("applied", .int(Int64(report.applied))), ("skipped", .int(Int64(report.skipped.count))),
                    ])))
        } else {
            let written = report.written
            context.out.line("Synced with \(path): \(written) change\(written == 1 ? "" : "s") written, \(report.applied) applied.")
        }
    }

    static func describe(_ s: SyncService.Skipped) -> String {
        let reason: String
        switch s.reason {
        case .invalid(let why): reason = why
        case .newerFormat(let v): reason = "format \(v) is newer than this citefeed's"
        }
        let who = s.name.isEmpty ? s.machine : "\(s.name) (\(s.machine))"
        return "machine \(who), \(s.file) line \(s.line): \(reason)"
    }
}

/// `citefeed sync status`
struct SyncStatusCommand: Command {
    static let spec = CommandSpec(
        name: "sync status", usage: "[--json]", summary: "List the machines of the sync folder and what each last wrote.",
        details: """
            This machine (its id, made once per library, and its name: syncName, or the host
            name), the changes noted here and not yet written, and every other machine met in the
            folder: its last change applied and when that was made, and any problem (a log of a
            newer format).
            """,
        options: [SyncCommand.json], positionals: (0, 0), positionalName: "")

    let asJSON: Bool

    init(_ arguments: ParsedArguments) throws { asJSON = arguments(SyncCommand.json) }

    func run(_ context: Context) throws {
        let settings = try context.settings()
        let folder = settings.syncFolder
        let name = SyncCommand.machineName(settings)
        let status = try context.home.syncStatus()
        if asJSON {
            context.out.write(
                data: JSONWriter.pretty(
                    .object([
                        ("folder", .optional(folder)), ("machine", .optional(status.machine)), ("name", .string(name)),
                        ("pending", .int(Int64(status.pending))),
                        (
                            "machines",
                            .array(
                                status.others.map {
                                    .object([
                                        ("machine", .string($0.machine)), ("name", .string($0.name)), ("applied", .int($0.applied)),
                                        ("lastClock", .optional($0.lastClock)), ("problem", .optional($0.problem)),
                                    ])
                                }
                            )
                        ),
                    ])))
            return
        }
        guard let folder else {
            context.out.line("Sync is off: no syncFolder is set (citefeed sync DIR sets it).")
            return
        }
        context.out.line("Folder: \(folder)")
        context.out.line(
            "This machine: \(name) (\(status.machine ?? "not synced yet")), \(status.pending) changes not yet written")
        for m in status.others {
            let name = m.name.isEmpty ? m.machine : "\(m.name) (\(m.machine))"
            // The time of its last change applied, as its clock says (a clock far ahead shows so).
            let last = m.lastClock.flatMap(SyncClock.init).map {
                ", the last made \(Timestamp(seconds: $0.milliseconds.floorDivided(by: 1000)).localShort)"
            }
            context.out.line("\(name): its changes up to \(m.applied) applied\(last ?? "")\(m.problem.map { "; problem: " + $0 } ?? "")")
        }
    }
}
