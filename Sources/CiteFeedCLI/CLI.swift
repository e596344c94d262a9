import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// The command-line interface: parses the arguments, runs a command, and turns errors into a
/// one-line message and an exit status. `main.swift` only calls `CLI.main()`.
public enum CLI {
    /// The version, from the VERSION file (`BuildInfo`, written at build time).
    public static let version = BuildInfo.version

    /// `--version`: the version and the commit it was built from, or that it was built outside
    /// a git checkout (a release tarball).
    static var versionLine: String {
        "citefeed \(version) (" + (BuildInfo.commit.isEmpty ? "built outside a git checkout" : "commit \(BuildInfo.commit)") + ")"
    }

    /// `--rotation NAME`, for the commands that work on one rotation.
    static let rotationOption = Option("rotation", "NAME", "work on the rotation NAME instead of the default one (or CITEFEED_ROTATION)")

    /// Every command, in the order `citefeed help` lists them.
    static let commands: [any Command.Type] = [
        AddCommand.self, EditCommand.self, ShowCommand.self, ListCommand.self,
        FavCommand.self, UnfavCommand.self, ArchiveCommand.self, RestoreCommand.self, DeleteCommand.self, CardCommand.self,
        UncardCommand.self,
        CopyCommand.self, PictureCommand.self, OpenCommand.self, RevealCommand.self, GradeCommand.self,
        RotateCommand.self, NextCommand.self, StatusCommand.self, PublishCommand.self, UpcomingCommand.self, DigestCommand.self,
        HistoryCommand.self,
        ImportCommand.self, ExportCommand.self, StudyCommand.self, StatsCommand.self, OptimizeCommand.self,
        TagListCommand.self, TagAddCommand.self, TagEditCommand.self, TagDeleteCommand.self, ColorsCommand.self,
        DefaultsReadCommand.self, DefaultsWriteCommand.self, DefaultsDeleteCommand.self,
        RotationListCommand.self, RotationAddCommand.self, RotationRemoveCommand.self, RotationRenameCommand.self,
        SyncCommand.self, SyncStatusCommand.self,
        AboutCommand.self, SetupCommand.self, CompletionsCommand.self, ManCommand.self,
    ]

    /// Commands with subcommands, and the subcommand used when none is given.
    static let groups: [String: String] = ["tag": "list", "defaults": "read", "rotation": "list", "sync": "run"]

    /// Runs citefeed for this process and exits.
    public static func main() -> Never {
        // A file-size limit (`ulimit -f`) must fail a write with an error (EFBIG) that names the
        // file, not kill the process half-way (SIGXFSZ's default), so nothing is left half-done.
        signal(SIGXFSZ, SIG_IGN)
        let context = Context.process()
        var arguments: [String] = []
        for i in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[i] else { continue }
            guard let argument = String(validatingCString: raw) else {
                context.err.line("citefeed: error: \(InputError.invalidUTF8("argument \(i)").message)")
                context.err.flush()
                exit(ExitStatus.dataError.rawValue)
            }
            arguments.append(argument)
        }
        var status = run(arguments, context)
        context.close()
        context.out.flush()
        // What could not be written to standard output is an error (an export to a full disk
        // must not look done), but for a reader that went away (`| head`): that is its choice.
        if let failure = context.out.failure, failure != EPIPE, status == ExitStatus.ok.rawValue {
            context.err.line("citefeed: error: Cannot write to standard output: \(Posix.errorText(failure)).")
            status = ExitStatus.ioError.rawValue
        }
        context.err.flush()
        exit(status)
    }

    /// Runs one command line; returns the exit status.
    public static func run(_ arguments: [String], _ context: Context) -> Int32 {
        do {
            try dispatch(arguments, context)
            return ExitStatus.ok.rawValue
        } catch let error as any CiteFeedError {
            context.out.flush()
            // One line whatever the message holds (`echoed` keeps it one line, never cut).
            context.err.line("citefeed: error: \(error.message.echoed(limit: .max))")
            return error.exitStatus.rawValue
        } catch {
            context.out.flush()
            context.err.line("citefeed: error: \(String(describing: error).echoed(limit: .max))")
            return ExitStatus.failure.rawValue
        }
    }

    static func dispatch(_ arguments: [String], _ context: Context) throws {
        if arguments == [Context.detachedAnnouncer] { return context.runDetachedAnnouncements() }
        var rest = arguments[...]
        // Global options before the command.
        while let first = rest.first, first.hasPrefix("-") {
            rest = rest.dropFirst()
            switch first {
            case "--version", "-V":
                context.out.line("\(versionLine)")
                return
            case "--help", "-h":
                context.out.write(data: Help.overview())
                return
            case "--home":
                guard let dir = rest.first else { throw UsageError.missingValue(option: "home", placeholder: "DIR", command: "citefeed") }
                context.homeOption = dir
                rest = rest.dropFirst()
            case "--rotation":
                guard let name = rest.first else {
                    throw UsageError.missingValue(option: "rotation", placeholder: "NAME", command: "citefeed")
                }
                context.rotation = name
                rest = rest.dropFirst()
            default:
                if first.hasPrefix("--home=") {
                    context.homeOption = String(first.dropFirst("--home=".count))
                } else if first.hasPrefix("--rotation=") {
                    context.rotation = String(first.dropFirst("--rotation=".count))
                } else {
                    throw UsageError.unknownOption(first, command: "citefeed")
                }
            }
        }
        guard let name = rest.first else {
            context.out.write(data: Help.overview())
            // A first run (no library yet, and none is made): what to do next on this desktop.
            if !Posix.fileExists(context.paths.library) {
                context.out.write(
                    data: Setup.firstRun(
                        library: context.paths.library, home: SetupCommand.chosenHome(context),
                        suggestions: SetupCommand.suggestions(context)))
            }
            return
        }
        rest = rest.dropFirst()
        if name == "help" {
            let topic = rest.joined(separator: " ")
            if topic.isEmpty {
                context.out.write(data: Help.overview())
            } else if groups[topic] != nil {
                context.out.write(data: Help.group(topic))
            } else if let command = lookup(topic) {
                context.out.write(data: Help.page(command.spec))
            } else {
                throw UsageError.unknownCommand(topic)
            }
            return
        }
        var commandName = name
        if let defaultSub = groups[name] {
            if let sub = rest.first, lookup(name + " " + sub) != nil {
                commandName = name + " " + sub
                rest = rest.dropFirst()
            } else if rest.first == "--help" || rest.first == "-h" {
                context.out.write(data: Help.group(name))
                return
            } else if rest.first?.hasPrefix("-") ?? true || (lookup(name + " " + defaultSub)?.spec.positionals.1 ?? 0) > 0 {
                // (`sync DIR`: the default subcommand takes words of its own.)
                commandName = name + " " + defaultSub
            } else {
                throw UsageError.unknownCommand(name + " " + (rest.first ?? ""))
            }
        }
        guard let command = lookup(commandName) else { throw UsageError.unknownCommand(name) }
        let parsed = try ArgumentParser.parse(Array(rest), command.spec)
        if parsed.wantsHelp {
            context.out.write(data: Help.page(command.spec))
            return
        }
        if let home = parsed(ArgumentParser.home) { context.homeOption = home }
        if command.spec.options.contains(where: { $0.name == CLI.rotationOption.name }), let name = parsed(CLI.rotationOption) {
            context.rotation = name
        }
        if !context.rotationName.isEmpty { try Arguments.rotationName(context.rotationName) }
        let instance = try command.init(parsed)
        // The clock and settings are checked before any command runs: a bad CITEFEED_NOW or a
        // broken settings.json stops everything (README, "Settings"), but for the two commands
        // its errors name to repair it: `defaults write` and `defaults delete` check the file as
        // it will be, without the value they replace.
        _ = try context.now()
        if !(command == DefaultsWriteCommand.self || command == DefaultsDeleteCommand.self) { _ = try context.settings() }
        try instance.run(context)
        // What the command printed reaches its reader before anything is announced.
        context.out.flush()
        context.announce()
    }

    static func lookup(_ name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    /// The command name nearest to a mistyped one, if any is close.
    static func closestCommand(to name: String) -> String? {
        Suggestion.closest(to: name, among: Set(commands.map { String($0.spec.name.split(separator: " ")[0]) }).sorted() + ["help"])
    }
}
