import CiteFeedSupport

/// What `citefeed setup` prints, and what a first `citefeed` suggests: contrib's
/// snippets, built into the binary from contrib/ at build time (`ContribFiles`, written by
/// scripts/build-info), never read from /usr/share/doc, which systems may leave out.
enum Setup {
    enum Target: String, CaseIterable {
        case waybar, i3blocks, polybar, systemd, cron, gnome, plasma, tmux, conky, wallpaper, lockscreen
    }

    /// contrib's file for each target that is one file.
    static func contribPath(_ target: Target) -> String? {
        switch target {
        case .waybar: "waybar/config.jsonc"
        case .i3blocks: "i3blocks/citefeed.conf"
        case .polybar: "polybar/citefeed.ini"
        case .cron: "cron/citefeed.crontab.in"
        case .tmux: "tmux/citefeed.tmux.conf"
        case .conky: "conky/citefeed.conf"
        case .systemd, .gnome, .plasma, .wallpaper, .lockscreen: nil
        }
    }

    /// The units `setup systemd` prints and installs, by contrib path and installed name.
    static let units = [("systemd/citefeed.service.in", "citefeed.service"), ("systemd/citefeed.timer", "citefeed.timer")]

    /// contrib's file at `path`, its templates' `@bindir@/citefeed` filled in with `bindir`,
    /// quoted as a unit's command line or a crontab's sh line needs when the path holds
    /// anything but letters, digits and `/._+-@,:~`.
    static func contrib(_ path: String, bindir: String) -> String {
        let text = ContribFiles.text(path) ?? ""
        let program = bindir + "/citefeed"
        guard program.unicodeScalars.contains(where: { !isPlain($0) }) else { return text.replacingAll("@bindir@", with: bindir) }
        return text.replacingAll("@bindir@/citefeed", with: path.hasPrefix("systemd/") ? systemdWord(program) : cronWord(program))
    }

    /// `text` as one word of a crontab line: sh's, with `\%` for each `%` (cron takes a bare one
    /// for a new line).
    static func cronWord(_ text: String) -> String { text.shellWord.replacingAll("%", with: "\\%") }

    /// `text` as one word of a systemd unit's command line or `Environment=`: double-quoted,
    /// backslashes and quotes escaped, `%` doubled (systemd's specifiers).
    static func systemdWord(_ text: String) -> String {
        "\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"").replacingAll("%", with: "%%") + "\""
    }

    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "/", ".", "_", "+", "-", "@", ",", ":", "~": true
        default: false
        }
    }

    /// Whether `path` holds a control character, which no unit or crontab line can hold (a new
    /// line would add one of its own).
    static func hasControlCharacter(_ path: String) -> Bool {
        path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Where the running citefeed is: the directory on PATH that holds this very program (so
    /// ~/.local/bin rather than where a link there points), else the executable's own directory.
    static func binDirectory(environment: [String: String]) -> String {
        let executable = Posix.resolvedPath("/proc/self/exe") ?? "/usr/bin/citefeed"
        if let onPath = Subprocess.find("citefeed", environment: environment), Posix.resolvedPath(onPath) == executable {
            return Posix.parentDirectory(onPath)
        }
        return Posix.parentDirectory(executable)
    }

    /// The snippet of one target. `home` (an absolute path) is the library folder chosen with
    /// --home or CITEFEED_HOME, which the scheduled command must use too.
    static func snippet(_ target: Target, bindir: String, home: String?) -> String {
        if let path = contribPath(target) {
            var text = contrib(path, bindir: bindir)
            if target == .cron, let home {
                // Before each command of the line (sync, then rotate): an assignment before a
                // command is that command's alone.
                let assignment = "CITEFEED_HOME=\(cronWord(home)) "
                text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    line.hasPrefix("#")
                        ? String(line)
                        : String(line).replacingAll("; ", with: "; " + assignment).replacingAll("* * * * ", with: "* * * * " + assignment)
                }.joined(separator: "\n")
            }
            return text
        }
        if target == .gnome || target == .plasma {
            let what = target == .gnome ? "The GNOME Shell extension (GNOME 43 and 44)" : "The KDE Plasma widget (Plasma 5.27)"
            return """
                # \(what) is built into citefeed. Install it for this user with
                citefeed setup \(target.rawValue) --install

                """
                    + (target == .gnome
                        ? """
                        # then log out and in (on X11: Alt+F2, r) and turn it on:
                        gnome-extensions enable \(DesktopSetup.gnomeUUID)
                        # Its preferences choose the rotation: gnome-extensions prefs \(DesktopSetup.gnomeUUID)

                        """
                        : """
                        # then right-click the panel or the desktop, Add Widgets…, "Citefeed";
                        # its settings (right-click it, Configure) choose the rotation.

                        """)
        }
        var text = ""
        for (path, name) in units {
            text += "# ~/.config/systemd/user/\(name)\n" + unit(path, bindir: bindir, home: home) + "\n"
        }
        return text + """
            # Then: systemctl --user daemon-reload && systemctl --user enable --now citefeed.timer
            # ('citefeed setup systemd --enable' does all of this).

            """
    }

    /// A unit of contrib, filled in; with `home`, the service runs citefeed on that library.
    static func unit(_ path: String, bindir: String, home: String?) -> String {
        var text = contrib(path, bindir: bindir)
        if let home, text.contains("\n[Service]\n") {
            text = text.replacingAll("\n[Service]\n", with: "\n[Service]\nEnvironment=\(systemdWord("CITEFEED_HOME=" + home))\n")
        }
        return text
    }
}

extension Setup {
    /// What to do next, for `desktop`: the snippet of each running bar (or of the bar that suits
    /// the desktop), GNOME's and Plasma's own way, and the scheduler.
    static func suggestions(for desktop: Desktop, bindir: String, home: String?, environment: [String: String]) -> String {
        let hasSystemctl = Subprocess.find("systemctl", environment: environment) != nil
        var text = ""
        for (bar, name) in desktop.runningBars {
            text +=
                bar.rawValue == name
                ? "\(name) is running: paste this into its config ('citefeed setup \(name)' prints it again):\n\n"
                : "\(name) is running; with i3blocks as its status_command, paste this into ~/.config/i3blocks/config ('citefeed setup i3blocks' prints it again):\n\n"
            text += snippet(bar, bindir: bindir, home: home) + "\n"
        }
        if let bar = desktop.suggestedBar {
            let why = bar == .waybar ? "On a Wayland desktop" : bar == .i3blocks ? "On i3" : "On an X11 desktop"
            text +=
                "\(why), \(bar.rawValue) can show the citation: paste this into its config ('citefeed setup \(bar.rawValue)' prints it again):\n\n"
            text += snippet(bar, bindir: bindir, home: home) + "\n"
        }
        if desktop.isGNOME {
            text += """
                On GNOME (43 and 44), citefeed's extension shows the citation in the top bar, with a menu
                to go on, copy or study: 'citefeed setup gnome --install', log out and in, then
                'gnome-extensions enable \(DesktopSetup.gnomeUUID)'.

                """
        }
        if desktop.isPlasma {
            text += """
                On KDE Plasma (5.27), citefeed's widget shows the citation in a panel or on the desktop:
                'citefeed setup plasma --install', then right-click the panel, Add Widgets…, "Citefeed".

                """
        }
        if let home, !desktop.runningBars.isEmpty || desktop.suggestedBar != nil {
            text += "These commands use the default library; for \(home), put --home \(home.shellWord) after citefeed in them.\n"
        }
        if Subprocess.find("citefeed", environment: environment) == nil {
            text += "citefeed is not on PATH, and bars run it by name: install it ('make install PREFIX=~/.local' from the\n"
            text += "source tree or the tarball), or write \(bindir)/citefeed in the commands above.\n"
        }
        text +=
            hasSystemctl
            ? "To rotate the feeds every quarter hour, also when no bar runs: citefeed setup systemd --enable\n"
            : "To rotate the feeds every quarter hour, also when no bar runs: citefeed setup cron\n"
        text +=
            "Each bar's, desktop's and scheduler's snippet: citefeed setup waybar|i3blocks|polybar|systemd|cron|gnome|plasma|tmux|conky\n"
        text += "The citation on the wallpaper or the lock screen: citefeed setup wallpaper|lockscreen\n"
        return text
    }

    /// What `citefeed` alone adds to its help when there is no library yet.
    static func firstRun(library: String, home: String?, suggestions: String) -> String {
        let citefeed = home.map { "citefeed --home " + $0.shellWord } ?? "citefeed"
        let steps = [
            (citefeed + " rotate", "makes it, with 20 starter citations, and writes the feeds"),
            (citefeed + " add \"TEXT\" --author NAME", "adds a citation of your own"),
            (citefeed + " import FILE", "imports highlights (Kindle, Kobo, KOReader, Readwise, ...)"),
        ]
        let width = steps.map(\.0.count).max() ?? 0
        var text = "\nThere is no library yet (\(library)); nothing was made. To begin:\n"
        for (command, what) in steps { text += "  " + command.padding(to: width) + "   " + what + "\n" }
        return text + "\n" + suggestions
    }
}
