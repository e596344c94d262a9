import CiteFeedSupport

/// `citefeed setup systemd --enable`: the service and timer where systemd reads a user's units,
/// then `systemctl --user daemon-reload` and `enable --now citefeed.timer`.
struct SystemdSetup {
    let context: Context
    /// The units as they would be installed, by name, filled in once.
    let units: [(name: String, text: String)]

    init(context: Context, bindir: String, home: String?) {
        self.context = context
        units = Setup.units.map { ($0.1, Setup.unit($0.0, bindir: bindir, home: home)) }
    }

    /// Where a user's own units go: $XDG_CONFIG_HOME/systemd/user, or ~/.config/systemd/user.
    func userDirectory() throws(SetupError) -> String {
        if let config = context.environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/systemd/user" }
        guard let home = context.paths.userHome, home.hasPrefix("/") else { throw .noHomeDirectory }
        return home + "/.config/systemd/user"
    }

    /// The directory where the same units are installed already, among those systemd's user
    /// manager reads (systemd.unit(5)): the Debian package's /usr/lib/systemd/user, make
    /// install's /usr/local/lib/systemd/user or ~/.local/share/systemd/user.
    func installedDirectory() -> String? {
        var candidates = [
            "/etc/systemd/user", "/usr/local/lib/systemd/user", "/usr/local/share/systemd/user", "/usr/lib/systemd/user",
            "/usr/share/systemd/user",
        ]
        if let data = context.environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            candidates.insert(data + "/systemd/user", at: 0)
        } else if let home = context.paths.userHome, home.hasPrefix("/") {
            candidates.insert(home + "/.local/share/systemd/user", at: 0)
        }
        return candidates.first { dir in units.allSatisfy { Posix.readText(dir + "/" + $0.name, limit: 1 << 16) == $0.text } }
    }

    func enable() throws {
        guard let systemctl = Subprocess.find("systemctl", environment: context.environment) else { throw SetupError.noSystemctl }
        let dir = try userDirectory()
        // A unit of that name in the user's own folder wins over every other: one that differs
        // stops it all, and nothing is written unless every unit can be.
        var toWrite: [(path: String, bytes: [UInt8])] = []
        for unit in units {
            let path = dir + "/" + unit.name
            switch Posix.readText(path, limit: 1 << 20) {
            case nil where Posix.fileExists(path): throw SetupError.unitDiffers(path)
            case nil: toWrite.append((path, Array(unit.text.utf8)))
            case let existing? where existing != unit.text: throw SetupError.unitDiffers(path)
            default: continue
            }
        }
        var place: String
        if toWrite.count == units.count, let installed = installedDirectory() {
            place = "citefeed.service and citefeed.timer are installed in \(installed)"
        } else {
            do {
                try Posix.makeDirectories(dir)
                _ = try AtomicWriter.writeChanged(toWrite, mode: 0o644)
            } catch { throw SetupError.cannotWrite(dir, error.message) }
            place =
                (toWrite.isEmpty ? "citefeed.service and citefeed.timer were in " : "Wrote citefeed.service and citefeed.timer to ") + dir
        }
        for arguments in [["--user", "daemon-reload"], ["--user", "enable", "--now", "citefeed.timer"]] {
            context.out.flush()
            let status = Subprocess.run(
                systemctl, arguments, in: "/", environment: context.environment, deadline: Posix.monotonicMilliseconds() + 60_000)
            guard status == 0 else { throw SetupError.systemctlFailed(arguments.joined(separator: " "), status, place) }
        }
        context.out.line("\(place); the timer is on: 'citefeed rotate --all' runs every quarter hour.")
        context.out.line(
            "'systemctl --user list-timers citefeed.timer' shows the next run; 'systemctl --user disable --now citefeed.timer' stops it.")
    }
}
