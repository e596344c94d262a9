import CiteFeedStore
import CiteFeedSupport

/// `citefeed setup [TARGET] [--enable | --install]`
struct SetupCommand: Command {
    static let enable = Flag("enable", "systemd only: install the units and start the timer (systemctl --user)")
    static let install = Flag("install", "gnome and plasma only: install the extension or widget for this user")

    static let spec = CommandSpec(
        name: "setup", usage: "[waybar|i3blocks|polybar|systemd|cron|gnome|plasma|tmux|conky] [--enable | --install]",
        summary: "Print the snippet for a bar or scheduler, or install the systemd timer.",
        details: """
            Without a target, what suits the desktop found here (XDG_CURRENT_DESKTOP,
            WAYLAND_DISPLAY and the bars running). Each target prints what to paste:
              waybar    the module for ~/.config/waybar/config.jsonc
              i3blocks  the block for ~/.config/i3blocks/config
              polybar   the module for ~/.config/polybar/config.ini
              systemd   the user service and timer that run 'citefeed rotate --all' every quarter hour
              cron      the crontab line that does the same ('crontab -e')
              gnome     how to install the GNOME Shell extension (GNOME 43 and 44)
              plasma    how to install the KDE Plasma widget (Plasma 5.27)
              tmux      the lines for ~/.tmux.conf: the citation in tmux's status line
              conky     a Conky configuration: the citation on the desktop
            The snippets are built into citefeed from its contrib/ folder; the service and the cron
            line name this citefeed, and the library of --home or CITEFEED_HOME when one is set.
            setup systemd --enable puts the units in ~/.config/systemd/user/ (unless the same ones
            are where systemd looks already, as the Debian package puts them), then runs
            'systemctl --user daemon-reload' and 'systemctl --user enable --now citefeed.timer'.
            It never replaces a unit of that name that differs: remove it or compare first.
            setup gnome --install and setup plasma --install put the extension or widget in
            ~/.local/share/gnome-shell/extensions/ or ~/.local/share/plasma/plasmoids/ (under
            XDG_DATA_HOME when set), set to run this citefeed on the chosen library; installing
            again replaces them with this citefeed's.
            """,
        options: [enable, install], positionals: (0, 1),
        positionalName: "a target: waybar, i3blocks, polybar, systemd, cron, gnome, plasma, tmux or conky",
        completes: .words(Setup.Target.allCases.map(\.rawValue)))

    let target: Setup.Target?
    let enable: Bool
    let install: Bool

    init(_ arguments: ParsedArguments) throws {
        if let name = arguments.positionals.first {
            guard let target = Setup.Target(rawValue: name) else {
                throw UsageError.invalidValue(
                    name, expected: "the target is one of waybar, i3blocks, polybar, systemd, cron, gnome, plasma, tmux or conky")
            }
            self.target = target
        } else {
            target = nil
        }
        enable = arguments(Self.enable)
        install = arguments(Self.install)
        if enable && target != .systemd { throw UsageError.other("--enable goes with 'citefeed setup systemd' only.") }
        if install && target != .gnome && target != .plasma {
            throw UsageError.other("--install goes with 'citefeed setup gnome' or 'citefeed setup plasma' only.")
        }
    }

    func run(_ context: Context) throws {
        let bindir = Setup.binDirectory(environment: context.environment)
        let home = SetupCommand.chosenHome(context)
        guard let target else { return context.out.write(data: SetupCommand.suggestions(context)) }
        if target == .systemd || target == .cron || install, let bad = [home, bindir].compactMap({ $0 }).first(where: Setup.hasControlCharacter) {
            throw UsageError.other(
                "The path \(bad.echoed(limit: .max)) holds a control character, which \(target == .cron ? "a crontab line" : target == .systemd ? "a unit" : "the settings' defaults") cannot hold; nothing was printed or installed."
            )
        }
        if enable { return try SystemdSetup(context: context, bindir: bindir, home: home).enable() }
        if install { return try DesktopSetup(context: context, bindir: bindir, home: home).install(target) }
        context.out.write(data: Setup.snippet(target, bindir: bindir, home: home))
        if home != nil && [.waybar, .i3blocks, .polybar, .tmux, .conky].contains(target) {
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
