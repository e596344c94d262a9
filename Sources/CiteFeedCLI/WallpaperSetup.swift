import CiteFeedCore
import CiteFeedModel
import CiteFeedOutput
import CiteFeedPicture
import CiteFeedService
import CiteFeedSupport

/// `citefeed setup wallpaper|lockscreen` (issue 39): the desktop shows the rotation's picture.
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
        let which = settings.rotation.isEmpty ? "the default rotation" : "rotation \(settings.rotation)"
        let preset = Self.preset(target)
        let pictures = settings.pictures.contains(preset) ? settings.pictures : settings.pictures + [preset]
        let picture = picturePath(target, settings)
        let setPictures = "citefeed defaults write pictures \(pictures.map(\.plainShellWord).joined(separator: " "))\(rotation)\n"
        guard let kind else {
            var text = "# No desktop citefeed knows was found here (GNOME, Plasma, sway, X11); for each:\n"
            for kind in Kind.allCases { text += "\n" + snippet(target, kind: kind, settings: settings) }
            return text + """

                # Another desktop: a wallpaperCommand of your own, run after each new picture, such as
                citefeed defaults write wallpaperCommand\(rotation) -- swww img {wallpaper}

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
            text += "citefeed defaults write wallpaperCommand\(rotation) -- \(command)\n"
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
            return """
                # KDE Plasma: the lock screen shows the citation of \(which), drawn anew at each pick.
                # 1. The rotation writes \(picture) at the screen's size:
                \(setPictures)# 2. The lock screen reads it when it locks:
                kwriteconfig5 --file kscreenlockerrc --group Greeter --key WallpaperPlugin org.kde.image
                kwriteconfig5 --file kscreenlockerrc --group Greeter --group Wallpaper --group org.kde.image --group General --key Image \(Self.fileURI(picture).plainShellWord)

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

    // MARK: --install

    /// Puts `target` in place for `kind` on `settings`' rotation: the preset in its `pictures`,
    /// for a wallpaper the `wallpaperCommand`, for a lock screen the lock program's setting;
    /// then makes the picture and gives it to the desktop now. Nothing is changed when a step
    /// cannot be taken (a program missing, a setting of the user's in the way).
    func install(_ target: Setup.Target, kind: Kind, settings: Settings) throws {
        let name = settings.rotation.isEmpty ? "the default rotation" : "rotation \(settings.rotation)"
        guard settings.mode == .rotate else { throw SetupError.reviewRotation(name) }
        if target == .lockscreen && kind == .gnome { throw SetupError.gnomeLockScreen }
        if case .failure(let error) = PangoCairo.shared { throw error }
        let picture = picturePath(target, settings)
        var lockConfig: (path: String, text: String)?
        var kwriteconfig: String?
        if target == .wallpaper {
            try requireProgram(Self.program(for: kind))
            if !settings.wallpaperCommand.isEmpty && !Self.isApplier(settings.wallpaperCommand) {
                throw SetupError.wallpaperCommandSet(settings.wallpaperCommand, rotation: settings.rotation)
            }
            _ = try sessionEnvironment(kind)  // a desktop out of reach is said before anything changes
        } else if kind == .sway {
            lockConfig = try swaylockConfig(picture)
        } else if kind == .plasma {
            guard let found = Self.kwriteconfig.lazy.compactMap({ Subprocess.find($0.name, environment: self.context.environment) }).first
            else { throw SetupError.programMissing(Self.kwriteconfig[1].name, package: Self.kwriteconfig[1].package) }
            kwriteconfig = found
        }
        // The settings: the command first, so that the picture the second change makes is given
        // to the desktop.
        let home = context.home
        if target == .wallpaper, settings.wallpaperCommand != applier(kind) {
            try home.writeSetting(.wallpaperCommand, .array(applier(kind).map(JSONValue.string)), rotation: settings.rotation)
        }
        let preset = Self.preset(target)
        if !settings.pictures.contains(preset) {
            try home.writeSetting(.pictures, .array((settings.pictures + [preset]).map(JSONValue.string)), rotation: settings.rotation)
        }
        context.reloadSettings()
        if let lockConfig {
            do {
                try Posix.makeDirectories(Posix.parentDirectory(lockConfig.path))
                try AtomicWriter.write(Array(lockConfig.text.utf8), to: lockConfig.path, mode: 0o644)
            } catch { throw SetupError.cannotInstall(lockConfig.path, error.message) }
            context.out.line("Set swaylock's image in \(lockConfig.path).")
        }
        if let kwriteconfig {
            for arguments in [
                ["--file", "kscreenlockerrc", "--group", "Greeter", "--key", "WallpaperPlugin", "org.kde.image"],
                [
                    "--file", "kscreenlockerrc", "--group", "Greeter", "--group", "Wallpaper", "--group", "org.kde.image", "--group",
                    "General",
                    "--key", "Image", Self.fileURI(picture),
                ],
            ] {
                try runHelper(kwriteconfig, arguments, environment: context.environment)
            }
            context.out.line("Set the lock screen's picture in kscreenlockerrc.")
        }
        // The picture, made now (and given to the desktop by the command, when it is new).
        context.out.flush()
        let made = context.announce().contains { $0.order.rotation == settings.rotation && !$0.written.isEmpty }
        guard Posix.fileExists(picture) else {
            context.warn(
                "no picture was made: \(name) has nothing to show yet; the \(target.rawValue) follows from its next pick", prefix: "note")
            return
        }
        if target == .wallpaper && !made { try apply(kind, picture: picture) }
        if target == .wallpaper && kind == .gnome, let gsettings = Subprocess.find(Self.gsettings.name, environment: context.environment) {
            try showPictures(gsettings)
        }
        context.out.line(
            target == .wallpaper
                ? "The wallpaper shows \(picture), made anew at each pick of \(name) ('citefeed rotate', the timer or the bar)."
                : "The lock screen shows \(picture), made anew at each pick of \(name).")
        if target == .wallpaper && kind == .sway {
            context.out.line("To show it from the start of a session, in ~/.config/sway/config: output * bg \(picture.plainShellWord) fill")
        }
    }

    /// The program that gives a wallpaper to `kind`.
    static func program(for kind: Kind) -> Program {
        switch kind {
        case .gnome: gsettings
        case .plasma: plasmaApply
        case .sway: swaymsg
        case .x11: feh
        }
    }

    func requireProgram(_ program: Program) throws(SetupError) {
        guard Subprocess.find(program.name, environment: context.environment) != nil else {
            throw .programMissing(program.name, package: program.package)
        }
    }

    /// swaylock's configuration with `image=picture`: its file, and its text after the change.
    /// A file that names another image is the user's choice, left alone.
    func swaylockConfig(_ picture: String) throws(SetupError) -> (path: String, text: String) {
        if picture.contains(":") || Setup.hasControlCharacter(picture) { throw .swaylockPath(picture) }
        let configHome =
            context.environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? context.paths.userHome.map { $0 + "/.config" }
        guard let configHome else { throw .noHomeDirectory }
        let path = configHome + "/swaylock/config"
        let existing: String
        do { existing = try Posix.readFile(path, limit: 1 << 20).map { String(decoding: $0, as: UTF8.self) } ?? "" } catch {
            throw .cannotInstall(path, error.message)
        }
        var lines = existing.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            let trimmed = line.trimmingWhitespace()
            guard trimmed.hasPrefix("image=") || trimmed.hasPrefix("i=") else { continue }
            let value = String(trimmed.drop { $0 != "=" }.dropFirst())
            if value == picture { return (path, existing) }
            throw .swaylockImage(path, value)
        }
        lines.append("image=" + picture)
        if !lines.contains(where: { $0.trimmingWhitespace().hasPrefix("scaling=") }) { lines.append("scaling=fill") }
        return (path, lines.joined(separator: "\n") + "\n")
    }

    // MARK: --apply

    /// Gives `picture` to `kind`'s desktop as its wallpaper, now: what `wallpaperCommand` runs.
    func apply(_ kind: Kind, picture: String) throws {
        let program = Self.program(for: kind)
        guard let executable = Subprocess.find(program.name, environment: context.environment) else {
            throw SetupError.programMissing(program.name, package: program.package)
        }
        let path = Posix.absolutePath(picture, home: context.paths.userHome)
        let environment = try sessionEnvironment(kind)
        switch kind {
        case .gnome, .plasma:
            let copy = try linkedCopy(path)
            if kind == .gnome {
                let value = Self.gvariantString(Self.fileURI(copy))
                for key in ["picture-uri", "picture-uri-dark"] {
                    try runHelper(executable, ["set", "org.gnome.desktop.background", key, value], environment: environment)
                }
            } else {
                try runHelper(executable, [copy], environment: environment)
            }
            removeOldCopies(keeping: copy)
        case .sway: try runHelper(executable, ["-q", "output", "*", "bg", path, "fill"], environment: environment)
        case .x11: try runHelper(executable, ["--bg-fill", path], environment: environment)
        }
    }

    /// The environment in which `kind`'s programs reach the session, also from a timer or cron,
    /// whose environment lacks it: the session bus (GNOME, Plasma; without it gsettings would
    /// write to memory and change nothing) or sway's socket, found in `XDG_RUNTIME_DIR`.
    func sessionEnvironment(_ kind: Kind) throws(SetupError) -> [String: String] {
        var environment = context.environment
        let runtime = Self.runtimeDirectory(environment)
        switch kind {
        case .gnome, .plasma:
            if (environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty {
                guard Posix.fileExists(runtime + "/bus") else {
                    throw .noSession(kind.title, "no session bus (DBUS_SESSION_BUS_ADDRESS is not set and \(runtime)/bus is not there)")
                }
                environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + runtime + "/bus"
            }
        case .sway:
            if (environment["SWAYSOCK"] ?? "").isEmpty {
                guard let socket = Self.swaySocket(in: runtime) else {
                    throw .noSession(
                        kind.title, "no sway is running for this user (SWAYSOCK is not set and \(runtime) has no sway-ipc socket)")
                }
                environment["SWAYSOCK"] = socket
            }
        case .x11:
            guard !(environment["DISPLAY"] ?? "").isEmpty else {
                throw .noSession(kind.title, "DISPLAY is not set (from cron, put DISPLAY=:0 before the command)")
            }
        }
        return environment
    }

    /// GNOME draws no picture at all while `picture-options` is `none` (a plain colour chosen
    /// in its settings): then the picture is zoomed to the screen, as GNOME's default.
    func showPictures(_ gsettings: String) throws {
        let environment = try sessionEnvironment(.gnome)
        let (status, output, _) = Subprocess.capture(
            gsettings, ["get", "org.gnome.desktop.background", "picture-options"], environment: environment, limit: 256,
            timeout: Int(Self.helperTimeout))
        guard status == 0, String(decoding: output, as: UTF8.self).trimmingWhitespace() == "'none'" else { return }
        try runHelper(gsettings, ["set", "org.gnome.desktop.background", "picture-options", "zoom"], environment: environment)
        context.out.line("GNOME's background showed no picture (picture-options none); it is zoom now.")
    }

    /// `XDG_RUNTIME_DIR`, else where systemd puts it.
    static func runtimeDirectory(_ environment: [String: String]) -> String {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/run/user/\(getuid())"
    }

    /// The socket of a sway that runs (`sway-ipc.UID.PID.sock`, its process alive) in `runtime`.
    static func swaySocket(in runtime: String) -> String? {
        Posix.directoryEntries(runtime).sorted().first { name in
            let parts = name.split(separator: ".")
            guard parts.count == 4, parts[0] == "sway-ipc", parts[3] == "sock", let pid = Int32(parts[2]), pid > 0 else { return false }
            return kill(pid, 0) == 0 || errno == EPERM
        }.map { runtime + "/" + $0 }
    }

    /// `picture` under a name of its own in the backgrounds folder (its content's hash: the same
    /// picture keeps its name, a new one gets a new name, which is what makes GNOME and Plasma
    /// load it). A hard link when the two are on one file system, else a copy.
    func linkedCopy(_ picture: String) throws -> String {
        let bytes: [UInt8]
        do {
            guard let read = try Posix.readFile(picture, limit: 512 << 20) else { throw SetupError.noPicture(picture) }
            bytes = read
        } catch let error as IOFailure { throw SetupError.cannotInstall(picture, error.message) }
        guard PNGHeader.size(bytes) != nil else { throw SetupError.notPNG(picture) }
        let folder = try backgroundsFolder()
        let hash = String(Mix.fnv1a(bytes), radix: 16)
        let copy = folder + "/" + Self.copyPrefix + String(repeating: "0", count: 16 - hash.count) + hash + ".png"
        if Posix.fileExists(copy) {
            _ = utimensat(AT_FDCWD, copy, nil, 0)  // the newest, for `removeOldCopies`
            return copy
        }
        do {
            try Posix.makeDirectories(folder)
            try AtomicWriter.write(bytes, to: copy, mode: 0o644)
        } catch { throw SetupError.cannotInstall(folder, error.message) }
        return copy
    }

    /// `$XDG_DATA_HOME/backgrounds`, or ~/.local/share/backgrounds.
    func backgroundsFolder() throws(SetupError) -> String {
        if let data = context.environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/backgrounds" }
        guard let home = context.paths.userHome, home.hasPrefix("/") else { throw .noDataHome }
        return home + "/.local/share/backgrounds"
    }

    /// Removes the pictures given to the desktop before, but the newest two: `keeping`, and the
    /// one the desktop may still be fading out of.
    func removeOldCopies(keeping: String) {
        guard let folder = try? backgroundsFolder() else { return }
        let copies = Posix.directoryEntries(folder).filter { $0.hasPrefix(Self.copyPrefix) && $0.hasSuffix(".png") }.map {
            folder + "/" + $0
        }
        let byAge = copies.filter { $0 != keeping }.sorted { Posix.modificationTime($0) ?? 0 > Posix.modificationTime($1) ?? 0 }
        for old in byAge.dropFirst() { unlink(old) }
    }

    /// Runs a helper program, its output on our standard error; a failure is an error.
    func runHelper(_ executable: String, _ arguments: [String], environment: [String: String]) throws(SetupError) {
        let status = Subprocess.run(
            executable, arguments, in: "/", environment: environment, deadline: Posix.monotonicMilliseconds() + Self.helperTimeout)
        guard status == 0 else { throw .helperFailed(Posix.lastComponent(executable), status) }
    }

    /// A `file://` URI of an absolute path: each byte but the unreserved ones and `/` escaped.
    static func fileURI(_ path: String) -> String {
        var uri = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                uri += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return uri
    }

    /// `text` as a GVariant string, as `gsettings set` reads its value.
    static func gvariantString(_ text: String) -> String {
        "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }
}
