import CiteFeedModel
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

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
        options: [SyncCommand.statusJSON], positionals: (0, 0), positionalName: "")

    let asJSON: Bool

    init(_ arguments: ParsedArguments) throws { asJSON = arguments(SyncCommand.statusJSON) }

    func run(_ context: Context) throws {
        let settings = try context.settings()
        let folder = settings.syncFolder
        let name = Home.syncMachineName(settings)
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
                                        ("lastClock", .optional($0.lastClock)), ("problem", .optional($0.problem?.words)),
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
        context.out.line("Folder: \(folder)\(Posix.isDirectory(folder) ? "" : " (not there now: sync fails until it is)")")
        context.out.line(
            "This machine: \(name) (\(status.machine ?? "not synced yet")), \(status.pending) changes not yet written")
        for m in status.others {
            let name = SyncCommand.who(m.machine, name: m.name)
            // The time of its last change applied, as its clock says (a clock far ahead shows so).
            let last = m.lastClock.flatMap(SyncClock.init).map {
                ", the last made \($0.time.localShort)"
            }
            context.out.line(
                "\(name): its changes up to \(m.applied) applied\(last ?? "")\(m.problem.map { "; problem: " + $0.words } ?? "")")
        }
    }
}
