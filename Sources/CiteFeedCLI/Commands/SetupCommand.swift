import CiteFeedStore
import CiteFeedSupport

/// `citefeed setup [TARGET] [--enable | --install] [--desktop NAME] [--apply FILE]`
struct SetupCommand: Command {
    static let enable = Flag("enable", "systemd only: install the units and start the timer (systemctl --user)")
    static let install = Flag(
        "install", "gnome, plasma, wallpaper and lockscreen: install the extension or widget, or make the desktop show the picture")
    static let desktop = Option(
        "desktop", "NAME", "wallpaper and lockscreen: the desktop, gnome, plasma, sway or x11 (else the one found here)",
        choices: WallpaperSetup.Kind.self)
    static let apply = Option("apply", "FILE", "wallpaper only: give FILE to the desktop now (what wallpaperCommand runs)")

    static let targets = Setup.Target.allCases.map(\.rawValue)
    static let targetList = targets.dropLast().joined(separator: ", ") + " or " + targets.last!

    static let spec = CommandSpec(
        name: "setup",
        usage:
            "[waybar|i3blocks|polybar|systemd|cron|gnome|plasma|tmux|conky|wallpaper|lockscreen] [--enable | --install] [--desktop NAME] [--rotation NAME] [--apply FILE]",
        summary: "Print the snippet for a bar, scheduler or desktop, or install it.",
        details: """
            Without a target, what suits the desktop found here (XDG_CURRENT_DESKTOP,
            WAYLAND_DISPLAY and the bars running). Each target prints what to paste:
              waybar      the module for ~/.config/waybar/config.jsonc
              i3blocks    the block for ~/.config/i3blocks/config
              polybar     the module for ~/.config/polybar/config.ini
              systemd     the user service and timer that run 'citefeed rotate --all' every quarter hour
              cron        the crontab line that does the same ('crontab -e')
              gnome       how to install the GNOME Shell extension (GNOME 43 and 44)
              plasma      how to install the KDE Plasma widget (Plasma 5.27)
              tmux        the lines for ~/.tmux.conf: the citation in tmux's status line
              conky       a Conky configuration: the citation on the desktop
              wallpaper   the settings that make the desktop's wallpaper the rotation's picture
              lockscreen  the settings that make the lock screen show it (swaylock, i3lock, Plasma)
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
            setup wallpaper --install (GNOME, Plasma, sway, or feh on X11) adds wallpaper to the
            rotation's pictures and sets its wallpaperCommand to this citefeed with --apply, which
            gives each new picture to the desktop; it never replaces a wallpaperCommand of your
            own. setup lockscreen --install adds lockscreen to the pictures and names the picture
            in swaylock's configuration or Plasma's kscreenlockerrc. Both make the picture now.
            """,
        options: [enable, install, desktop, apply, CLI.rotationOption], positionals: (0, 1),
        positionalName: "a target: " + targetList,
        completes: .words(targets))

    let target: Setup.Target?
    let enable: Bool
    let install: Bool
    let desktop: WallpaperSetup.Kind?
    let apply: String?

    init(_ arguments: ParsedArguments) throws {
        if let name = arguments.positionals.first {
            guard let target = Setup.Target(rawValue: name) else {
                throw UsageError.invalidValue(name, expected: "the target is one of " + Self.targetList)
            }
            self.target = target
        } else {
            target = nil
        }
        enable = arguments(Self.enable)
        install = arguments(Self.install)
        apply = arguments(Self.apply)
        desktop = try arguments(Self.desktop).map { name throws(UsageError) in
            guard let kind = WallpaperSetup.Kind(rawValue: name) else {
                throw .invalidValue(name, expected: "--desktop takes gnome, plasma, sway or x11")
            }
            return kind
        }
        let pictures = target == .wallpaper || target == .lockscreen
        if enable && target != .systemd { throw UsageError.other("--enable goes with 'citefeed setup systemd' only.") }
        if install && ![.gnome, .plasma, .wallpaper, .lockscreen].contains(target) {
            throw UsageError.other("--install goes with 'citefeed setup gnome', 'plasma', 'wallpaper' or 'lockscreen' only.")
        }
        for option in [Self.desktop, CLI.rotationOption] where arguments.has(option) && !pictures {
            throw UsageError.other("--\(option.name) goes with 'citefeed setup wallpaper' or 'citefeed setup lockscreen' only.")
        }
        if let apply {
            guard target == .wallpaper else { throw UsageError.other("--apply goes with 'citefeed setup wallpaper' only.") }
            if install { throw UsageError.conflicting("--install", "--apply", command: "setup") }
            guard desktop != nil else {
                throw UsageError.other(
                    "--apply needs --desktop gnome, plasma, sway or x11: the desktop to give \(apply.echoed(limit: 200)) to.")
            }
        }
    }

    func run(_ context: Context) throws {
        let bindir = Setup.binDirectory(environment: context.environment)
        let home = SetupCommand.chosenHome(context)
        guard let target else { return context.out.write(data: SetupCommand.suggestions(context)) }
        if target == .systemd || target == .cron || (install && target != .lockscreen),
            let bad = [home, bindir].compactMap({ $0 }).first(where: Setup.hasControlCharacter)
        {
            throw UsageError.other(
                "The path \(bad.echoed(limit: .max)) holds a control character, which \(target == .cron ? "a crontab line" : target == .systemd ? "a unit" : target == .wallpaper ? "wallpaperCommand" : "the settings' defaults") cannot hold; nothing was printed or installed."
            )
        }
        if target == .wallpaper || target == .lockscreen { return try runPictures(target, context, bindir: bindir, home: home) }
        if enable { return try SystemdSetup(context: context, bindir: bindir, home: home).enable() }
        if install { return try DesktopSetup(context: context, bindir: bindir, home: home).install(target) }
        context.out.write(data: Setup.snippet(target, bindir: bindir, home: home))
        if home != nil && [.waybar, .i3blocks, .polybar, .tmux, .conky].contains(target) {
            context.warn(
                "these commands use the default library; in the bar's command, put --home after citefeed, or set CITEFEED_HOME in the bar's environment",
                prefix: "note")
        }
    }

    /// `setup wallpaper|lockscreen`: prints, installs or (`--apply`) gives a picture to the desktop.
    private func runPictures(_ target: Setup.Target, _ context: Context, bindir: String, home: String?) throws {
        let setup = WallpaperSetup(context: context, bindir: bindir, home: home)
        if let apply, let desktop { return try setup.apply(desktop, picture: apply) }
        let settings = try context.settings()
        let found = desktop ?? WallpaperSetup.detect(Desktop.detect(environment: context.environment), environment: context.environment)
        guard install else { return context.out.write(data: setup.snippet(target, kind: found, settings: settings)) }
        guard let found else {
            throw UsageError.other(
                "No desktop citefeed knows was found here; say which with --desktop gnome, plasma, sway or x11 ('citefeed setup \(target.rawValue)' prints what each needs)."
            )
        }
        try setup.install(target, kind: found, settings: settings)
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
