import CiteFeedCore
import CiteFeedModel
import CiteFeedOutput
import CiteFeedPicture
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed setup wallpaper|lockscreen`: the desktop shows the rotation's picture.
/// The rotation writes `picture-wallpaper.png` or `picture-lockscreen.png` beside its feeds at each
/// new pick (`pictures`); after that its `wallpaperCommand` tells the desktop. The command
/// `--install` writes is citefeed itself (`setup wallpaper --desktop NAME --apply FILE`), because
/// each desktop needs more than one program's call: GNOME and Plasma reload a wallpaper only
/// when its file name changes (so each picture is linked under a name of its own, and the old
/// ones removed), and a timer's or cron's environment lacks the session's bus and sway's socket
/// (so they are found in `XDG_RUNTIME_DIR`). A lock screen reads its picture when it locks, so its
/// path is set once.
struct WallpaperSetup {
    /// The desktops citefeed knows how to give a picture to.
    enum Kind: String, CaseIterable {
        case gnome, plasma, sway, x11

        var title: String {
            switch self {
            case .gnome: "GNOME"
            case .plasma: "KDE Plasma"
            case .sway: "sway"
            case .x11: "an X11 window manager (feh)"
            }
        }
    }

    /// A program a desktop's step needs, and the Debian package that has it.
    struct Program {
        var name: String
        var package: String
    }

    static let gsettings = Program(name: "gsettings", package: "libglib2.0-bin")
    static let plasmaApply = Program(name: "plasma-apply-wallpaperimage", package: "plasma-workspace")
    static let kwriteconfig = [
        Program(name: "kwriteconfig6", package: "kf6-kconfig"), Program(name: "kwriteconfig5", package: "libkf5config-bin"),
    ]
    static let swaymsg = Program(name: "swaymsg", package: "sway")
    static let feh = Program(name: "feh", package: "feh")

    /// How long each helper program may take, in milliseconds.
    static let helperTimeout: Int64 = 20_000

    /// What the picture files given to GNOME and Plasma are named (`citefeed-wallpaper-HASH.png`),
    /// in `$XDG_DATA_HOME/backgrounds`, where GNOME's own settings keep the user's backgrounds.
    static let copyPrefix = "citefeed-wallpaper-"

    let context: Context
    let bindir: String
    /// The library folder chosen with --home or CITEFEED_HOME, if any.
    let home: String?

    /// The desktop this session runs, when it is one citefeed knows.
    static func detect(_ desktop: Desktop, environment: [String: String]) -> Kind? {
        if desktop.isGNOME { return .gnome }
        if desktop.isPlasma { return .plasma }
        if !(environment["SWAYSOCK"] ?? "").isEmpty || desktop.names.contains("sway") { return .sway }
        if desktop.x11 && !desktop.wayland { return .x11 }
        return nil
    }

    /// The preset of `target`'s picture.
    static func preset(_ target: Setup.Target) -> String { target == .lockscreen ? "lockscreen" : "wallpaper" }

    /// The `wallpaperCommand` that gives each new picture to `kind`.
    func applier(_ kind: Kind) -> [String] {
        [bindir + "/citefeed"] + (home.map { ["--home", $0] } ?? []) + [
            "setup", "wallpaper", "--desktop", kind.rawValue, "--apply", "{wallpaper}",
        ]
    }

    /// Whether `command` is one `--install` wrote (for any desktop, any citefeed): replacing it is
    /// no loss.
    static func isApplier(_ command: [String]) -> Bool {
        command.first.map { Posix.lastComponent($0) == "citefeed" } == true && command.contains("--apply")
            && command.contains("{wallpaper}")
    }

    /// The picture of `target` for `settings`' rotation.
    func picturePath(_ target: Setup.Target, _ settings: Settings) -> String {
        context.paths.outputDirectory(settings) + "/" + FeedContext.pictureName(Self.preset(target))
    }

    // MARK: What is printed

    /// What `setup wallpaper` or `setup lockscreen` prints: for `kind`, or for each desktop when
    /// none was found.
    func snippet(_ target: Setup.Target, kind: Kind?, settings: Settings) -> String {
        let rotation = settings.rotation.isEmpty ? "" : " --rotation " + settings.rotation.plainShellWord
        // The commands pasted must change this library: the one chosen, when one is.
        let citefeed = "citefeed" + (home.map { " --home " + $0.plainShellWord } ?? "")
        let which = settings.rotation.isEmpty ? "the default rotation" : "rotation \(settings.rotation)"
        let preset = Self.preset(target)
        let pictures = settings.pictures.contains(preset) ? settings.pictures : settings.pictures + [preset]
        let picture = picturePath(target, settings)
        let setPictures = "\(citefeed) defaults write pictures \(pictures.map(\.plainShellWord).joined(separator: " "))\(rotation)\n"
        guard let kind else {
            var text = "# No desktop citefeed knows was found here (GNOME, Plasma, sway, X11); for each:\n"
            for kind in Kind.allCases { text += "\n" + snippet(target, kind: kind, settings: settings) }
            return text + """

                # Another desktop: a wallpaperCommand of your own, run after each new picture, such as
                \(citefeed) defaults write wallpaperCommand\(rotation) -- swww img {wallpaper}

                """
        }
        let install =
            "# 'citefeed setup \(target.rawValue) --desktop \(kind.rawValue)\(rotation) --install' does this and shows the picture now.\n"
        if target == .wallpaper {
            let command = applier(kind).map { $0 == "{wallpaper}" ? $0 : $0.plainShellWord }.joined(separator: " ")
            var text = """
                # \(kind.title): the wallpaper shows the citation of \(which), drawn anew at each pick.
                # 1. The rotation writes \(picture) at the screen's size:
                \(setPictures)# 2. After each new picture, citefeed gives it to the desktop
                """
            switch kind {
            case .gnome:
                text += """
                     (under a name of its own in
                    #    ~/.local/share/backgrounds, as GNOME reloads only a new file name; picture-uri and
                    #    picture-uri-dark both, so the dark style shows it too):

                    """
            case .plasma: text += " (plasma-apply-wallpaperimage, under a name of its own):\n"
            case .sway: text += " (swaymsg output * bg FILE fill):\n"
            case .x11: text += " (feh --bg-fill FILE, which also writes ~/.fehbg):\n"
            }
            text += "\(citefeed) defaults write wallpaperCommand\(rotation) -- \(command)\n"
            switch kind {
            case .sway:
                text +=
                    "# To show it from the start of a session, in ~/.config/sway/config:\n#   output * bg \(picture.plainShellWord) fill\n"
            case .x11: text += "# To show it from the start of a session, run ~/.fehbg from ~/.xinitrc or your window manager.\n"
            case .gnome, .plasma: break
            }
            return text + install
        }
        switch kind {
        case .gnome:
            return """
                # GNOME (42 and later) shows the wallpaper, blurred, on its lock screen, and reads no picture of
                # its own there; 'citefeed setup wallpaper --desktop gnome' puts the citation on the wallpaper.

                """
        case .sway:
            return """
                # sway: swaylock shows the citation of \(which), drawn anew at each pick.
                # 1. The rotation writes \(picture) at the screen's size:
                \(setPictures)# 2. swaylock reads it when it locks: in ~/.config/swaylock/config
                image=\(picture)
                scaling=fill
                # (or run swaylock -i \(picture.plainShellWord))

                """ + install
        case .plasma:
            let kwriteconfig = ((try? Self.kwriteconfigProgram(context.environment)).map(Posix.lastComponent)) ?? "kwriteconfig5"
            return """
                # KDE Plasma: the lock screen shows the citation of \(which), drawn anew at each pick.
                # 1. The rotation writes \(picture) at the screen's size:
                \(setPictures)# 2. The lock screen reads it when it locks:
                \(Self.kscreenlockerArguments(picture).map { ([kwriteconfig] + $0).map(\.plainShellWord).joined(separator: " ") }.joined(separator: "\n"))

                """ + install
        case .x11:
            return """
                # X11: i3lock shows the citation of \(which), drawn anew at each pick.
                # 1. The rotation writes \(picture) at the screen's size:
                \(setPictures)# 2. i3lock reads it when it locks, as xss-lock starts it (in ~/.xinitrc or your window manager):
                xss-lock -- i3lock -n -i \(picture.plainShellWord) &

                """ + install
        }
    }
}
