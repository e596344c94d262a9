import CiteFeedStore
import CiteFeedSupport

/// `citefeed setup [waybar|i3blocks|polybar|systemd|cron] [--enable]`
struct SetupCommand: Command {
    static let enable = Flag("enable", "systemd only: install the units and start the timer (systemctl --user)")

    static let spec = CommandSpec(
        name: "setup", usage: "[waybar|i3blocks|polybar|systemd|cron] [--enable]",
        summary: "Print the snippet for a bar or scheduler, or install the systemd timer.",
        details: """
            Without a target, what suits the desktop found here (XDG_CURRENT_DESKTOP,
            WAYLAND_DISPLAY and the bars running). Each target prints what to paste:
              waybar    the module for ~/.config/waybar/config.jsonc
              i3blocks  the block for ~/.config/i3blocks/config
              polybar   the module for ~/.config/polybar/config.ini
              systemd   the user service and timer that run 'citefeed rotate --all' every quarter hour
              cron      the crontab line that does the same ('crontab -e')
            The snippets are built into citefeed from its contrib/ folder; the service and the cron
            line name this citefeed, and the library of --home or CITEFEED_HOME when one is set.
            setup systemd --enable puts the units in ~/.config/systemd/user/ (unless the same ones
            are where systemd looks already, as the Debian package puts them), then runs
            'systemctl --user daemon-reload' and 'systemctl --user enable --now citefeed.timer'.
            It never replaces a unit of that name that differs: remove it or compare first.
            """,
        options: [enable], positionals: (0, 1), positionalName: "a target: waybar, i3blocks, polybar, systemd or cron",
        completes: .words(Setup.Target.allCases.map(\.rawValue)))

    let target: Setup.Target?
    let enable: Bool

    init(_ arguments: ParsedArguments) throws {
        if let name = arguments.positionals.first {
            guard let target = Setup.Target(rawValue: name) else {
                throw UsageError.invalidValue(name, expected: "the target is one of waybar, i3blocks, polybar, systemd or cron")
            }
            self.target = target
        } else {
            target = nil
        }
        enable = arguments(Self.enable)
        if enable && target != .systemd { throw UsageError.other("--enable goes with 'citefeed setup systemd' only.") }
    }

    func run(_ context: Context) throws {
        let bindir = Setup.binDirectory(environment: context.environment)
        let home = SetupCommand.chosenHome(context)
        guard let target else { return context.out.write(data: SetupCommand.suggestions(context)) }
        if target == .systemd || target == .cron, let bad = [home, bindir].compactMap({ $0 }).first(where: Setup.hasControlCharacter) {
            throw UsageError.other(
                "The path \(bad.echoed(limit: .max)) holds a control character, which a \(target == .cron ? "crontab line" : "unit") cannot hold; nothing was printed or installed."
            )
        }
        if enable { return try SystemdSetup(context: context, bindir: bindir, home: home).enable() }
        context.out.write(data: Setup.snippet(target, bindir: bindir, home: home))
        if home != nil && [.waybar, .i3blocks, .polybar].contains(target) {
            context.warn(
                "these commands use the default library; in the bar's command, put --home after citefeed, or set CITEFEED_HOME in the bar's environment",
                prefix: "note")
        }
    }

    /// What suits the desktop found here (`setup` alone, and a first `citefeed`).
    static func suggestions(_ context: Context) -> String {
        Setup.suggestions(
            for: Desktop.detect(environment: context.environment), bindir: Setup.binDirectory(environment: context.environment),
            home: chosenHome(context), environment: context.environment)
    }

    /// The library folder chosen with --home or CITEFEED_HOME, if any: the scheduled command
    /// must use it too.
    static func chosenHome(_ context: Context) -> String? {
        let chosen = context.homeOption ?? context.environment["CITEFEED_HOME"]
        guard let chosen, !chosen.isEmpty else { return nil }
        return Posix.parentDirectory(context.paths.library)
    }
}
