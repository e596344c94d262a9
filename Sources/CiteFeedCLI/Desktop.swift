import CiteFeedSupport

/// The desktop citefeed runs on, as a first run sees it: `XDG_CURRENT_DESKTOP`,
/// `WAYLAND_DISPLAY` and `DISPLAY`, and the bars this user is running (/proc).
struct Desktop {
    var names: [String]
    var wayland: Bool
    var x11: Bool
    /// The bars running, each with its process's name (swaybar and i3bar run i3blocks).
    var runningBars: [(target: Setup.Target, name: String)]

    static func detect(environment: [String: String], proc: String = "/proc") -> Desktop {
        Desktop(
            names: (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() },
            wayland: !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty, x11: !(environment["DISPLAY"] ?? "").isEmpty,
            runningBars: runningBars(proc: proc))
    }

    /// The bars among this user's processes: waybar, polybar, and i3blocks (or i3bar and swaybar,
    /// which run a status command as i3blocks does).
    static func runningBars(proc: String) -> [(target: Setup.Target, name: String)] {
        var found: [Setup.Target: String] = [:]
        let uid = getuid()
        for entry in Posix.directoryEntries(proc) where entry.first?.isNumber == true {
            guard Posix.ownerID(proc + "/" + entry) == uid, let comm = Posix.readText(proc + "/" + entry + "/comm", limit: 64) else {
                continue
            }
            let name = String(comm.split(separator: "\n").first ?? "")
            switch name {
            case "waybar": found[.waybar] = name
            case "polybar": found[.polybar] = name
            case "i3blocks": found[.i3blocks] = name
            case "i3bar", "swaybar": if found[.i3blocks] == nil { found[.i3blocks] = name }
            default: continue
            }
        }
        return Setup.Target.allCases.compactMap { target in found[target].map { (target, $0) } }
    }

    var isGNOME: Bool { names.contains { $0.contains("gnome") || $0 == "unity" || $0 == "ubuntu" } }
    var isPlasma: Bool { names.contains("kde") }

    /// The bar to suggest when none runs: waybar on a Wayland compositor, i3blocks on i3,
    /// polybar on another X11 window manager; none on GNOME and Plasma (their own widgets) or
    /// without a graphical session.
    var suggestedBar: Setup.Target? {
        if !runningBars.isEmpty || isGNOME || isPlasma { return nil }
        if names.contains("i3") { return .i3blocks }
        if wayland || names.contains(where: { ["sway", "hyprland", "river", "wlroots", "niri", "labwc"].contains($0) }) { return .waybar }
        return x11 ? .polybar : nil
    }
}
