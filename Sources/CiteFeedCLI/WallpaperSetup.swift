import CiteFeedCore
import CiteFeedModel
import CiteFeedOutput
import CiteFeedPicture
import CiteFeedService
import CiteFeedStore
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

    // MARK: --install

    /// Puts `target` in place for `kind` on `settings`' rotation: the preset in its `pictures`,
    /// for a wallpaper the `wallpaperCommand`, for a lock screen the lock program's setting;
    /// then makes the picture and gives it to the desktop now. Everything that can stop it is
    /// checked before the first change (a program missing, a setting or file of the user's in
    /// the way, the desktop out of reach), and a step that fails after it undoes the preset.
    func install(_ target: Setup.Target, kind: Kind, settings: Settings) throws {
        let name = settings.rotation.isEmpty ? "the default rotation" : "rotation \(settings.rotation)"
        guard settings.mode == .rotate else { throw SetupError.reviewRotation(name) }
        if target == .lockscreen && kind == .gnome { throw SetupError.gnomeLockScreen }
        if case .failure(let error) = PangoCairo.shared { throw error }
        let picture = picturePath(target, settings)
        var lockConfig: SwaylockConfig?
        var kwriteconfig: String?
        if target == .wallpaper {
            try requireProgram(Self.program(for: kind))
            try Self.checkOwnCommand(settings)
            if kind == .sway { try Self.checkSwayPath(picture, program: "swaymsg") }
            _ = try sessionEnvironment(kind)  // a desktop out of reach is said before anything changes
        } else if kind == .sway {
            lockConfig = try swaylockConfig(picture)
        } else if kind == .plasma {
            kwriteconfig = try Self.kwriteconfigProgram(context.environment)
        }
        // The preset, added to the list as it is under the settings' lock; the picture is made
        // when the command's announcements run, here and now.
        let home = context.home
        let preset = Self.preset(target)
        let wasSet = try SettingsFile(path: context.paths.settings).isSet(.pictures, rotation: settings.rotation)
        let hadFile = Posix.fileExists(context.paths.settings), hadPicture = Posix.fileExists(picture)
        let added = try home.updateSetting(.pictures, rotation: settings.rotation) { now in
            now.pictures.contains(preset) ? nil : .array((now.pictures + [preset]).map(JSONValue.string))
        }
        context.reloadSettings()
        do {
            if let lockConfig { try lockConfig.write() }
            if let kwriteconfig {
                for arguments in Self.kscreenlockerArguments(picture) {
                    try runHelper(kwriteconfig, arguments, environment: context.environment)
                }
            }
            // A picture deleted by hand, its preset already listed: the outputs written anew.
            if !added && !Posix.fileExists(picture) { try home.change(settings: settings) { _ in } }
            context.out.flush()
            context.announce()
            if target == .wallpaper && Posix.fileExists(picture) {
                try apply(kind, picture: picture)
                if kind == .gnome, let gsettings = Subprocess.find(Self.gsettings.name, environment: context.environment) {
                    try showPictures(gsettings)
                }
            }
            if target == .wallpaper {
                let command = applier(kind)
                try home.updateSetting(.wallpaperCommand, rotation: settings.rotation) { now throws(SetupError) in
                    try Self.checkOwnCommand(now)
                    return now.wallpaperCommand == command ? nil : .array(command.map(JSONValue.string))
                }
            }
        } catch {
            // The preset taken out again: the setting as it was, unset when it was not set.
            if added && !wasSet {
                _ = try? home.deleteSetting(.pictures, rotation: settings.rotation)
                let left = Posix.readText(context.paths.settings, limit: 16)?.trimmingWhitespace()
                if !hadFile && left == "{}" { unlink(context.paths.settings) }
                if !hadPicture { unlink(picture) }
            } else if added {
                _ = try? home.updateSetting(.pictures, rotation: settings.rotation) { now in
                    .array(now.pictures.filter { $0 != preset }.map(JSONValue.string))
                }
            }
            throw error
        }
        context.reloadSettings()
        if let lockConfig { context.out.line("Set swaylock's image in \(lockConfig.path).") }
        if kwriteconfig != nil { context.out.line("Set the lock screen's picture in kscreenlockerrc.") }
        guard Posix.fileExists(picture) else {
            context.warn(
                "no picture yet: \(name) has no pick ('citefeed rotate\(settings.rotation.isEmpty ? "" : " --rotation " + settings.rotation.plainShellWord)' makes one); the \(target.rawValue) follows from it",
                prefix: "note")
            return
        }
        switch (target, kind) {
        case (.wallpaper, _):
            context.out.line("The wallpaper shows \(picture), made anew at each pick of \(name) ('citefeed rotate', the timer or the bar).")
            if kind == .sway {
                context.out.line(
                    "To show it from the start of a session, in ~/.config/sway/config: output * bg \(picture.plainShellWord) fill")
            }
        case (_, .x11):
            context.out.line(
                "\(picture) is made anew at each pick of \(name). To lock the screen with it, start this from ~/.xinitrc or your window manager:"
            )
            context.out.line("xss-lock -- i3lock -n -i \(picture.plainShellWord) &")
            if Subprocess.find("i3lock", environment: context.environment) == nil {
                context.warn("i3lock is not installed (Debian's i3lock package), nor perhaps xss-lock (xss-lock)", prefix: "note")
            }
        default:
            context.out.line("The lock screen shows \(picture), made anew at each pick of \(name).")
        }
    }

    /// Refuses a `wallpaperCommand` of the user's own, which `--install` never replaces.
    static func checkOwnCommand(_ settings: Settings) throws(SetupError) {
        if !settings.wallpaperCommand.isEmpty && !isApplier(settings.wallpaperCommand) {
            throw .wallpaperCommandSet(settings.wallpaperCommand, rotation: settings.rotation)
        }
    }

    /// sway reads `output * bg`'s path as words of a command (`;` and `,` end one) and swaylock its
    /// `image=` through wordexp(3), which expands `$(…)`, quotes and wildcards: a picture whose
    /// path holds anything but letters, digits and `/._-+@%~` is refused rather than quoted for
    /// two parsers.
    static func checkSwayPath(_ path: String, program: String) throws(SetupError) {
        let plain = path.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                0x80...:
                true
            default: "/._-+@%~".utf8.contains(byte)
            }
        }
        if !plain { throw .swayPath(path, program: program) }
    }

    /// The `kwriteconfig` there is: Plasma 6's, else Plasma 5's.
    static func kwriteconfigProgram(_ environment: [String: String]) throws(SetupError) -> String {
        guard let found = kwriteconfig.lazy.compactMap({ Subprocess.find($0.name, environment: environment) }).first else {
            throw .programMissing(kwriteconfig[1].name, package: kwriteconfig[1].package)
        }
        return found
    }

    /// `kwriteconfig`'s arguments that make Plasma's lock screen show `picture`.
    static func kscreenlockerArguments(_ picture: String) -> [[String]] {
        [
            ["--file", "kscreenlockerrc", "--group", "Greeter", "--key", "WallpaperPlugin", "org.kde.image"],
            [
                "--file", "kscreenlockerrc", "--group", "Greeter", "--group", "Wallpaper", "--group", "org.kde.image", "--group", "General",
                "--key", "Image", fileURI(picture),
            ],
        ]
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

    /// swaylock's configuration file, and its bytes with `image=` added.
    struct SwaylockConfig {
        /// Where swaylock reads it (a link followed: the file it points to is changed).
        var path: String
        var bytes: [UInt8]
        var mode: mode_t
        /// Whether it already names the picture.
        var unchanged: Bool

        func write() throws(SetupError) {
            guard !unchanged else { return }
            do {
                try Posix.makeDirectories(Posix.parentDirectory(path))
                try AtomicWriter.write(bytes, to: path, mode: mode)
            } catch { throw .cannotInstall(path, error.message) }
        }
    }

    /// swaylock's configuration with `image=picture`: the file swaylock reads (`~/.swaylock/config`
    /// when it is there, else `$XDG_CONFIG_HOME/swaylock/config`), its bytes kept as they are and
    /// the lines added at its end. A file that names another image is the user's choice, left
    /// alone.
    func swaylockConfig(_ picture: String) throws(SetupError) -> SwaylockConfig {
        try Self.checkSwayPath(picture, program: "swaylock")
        let configHome =
            context.environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? context.paths.userHome.map { $0 + "/.config" }
        guard let configHome, let userHome = context.paths.userHome else { throw .noHomeDirectory }
        let candidates = [userHome + "/.swaylock/config", configHome + "/swaylock/config"]
        let named = candidates.first(where: Posix.fileExists) ?? candidates[1]
        let path = Posix.resolvedPath(named) ?? named
        let existing: [UInt8]
        var mode: mode_t = 0o644
        do { existing = try Posix.readFile(path, limit: 1 << 20) ?? [] } catch { throw .cannotRead(path, error.message) }
        var st = stat()
        if stat(path, &st) == 0 { mode = st.st_mode & 0o7777 }
        let lines = existing.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self).trimmingWhitespace()
        }
        for line in lines where line.hasPrefix("image=") || line.hasPrefix("i=") {
            let value = String(line.drop { $0 != "=" }.dropFirst())
            if value == picture { return SwaylockConfig(path: path, bytes: existing, mode: mode, unchanged: true) }
            throw .swaylockImage(path, value)
        }
        var bytes = existing
        if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        bytes += Array("image=\(picture)\n".utf8)
        if !lines.contains(where: { $0.hasPrefix("scaling=") }) { bytes += Array("scaling=fill\n".utf8) }
        return SwaylockConfig(path: path, bytes: bytes, mode: mode, unchanged: false)
    }

    // MARK: --apply

    /// Gives `picture` to `kind`'s desktop as its wallpaper, now: what `wallpaperCommand` runs.
    func apply(_ kind: Kind, picture: String) throws {
        let program = Self.program(for: kind)
        guard let executable = Subprocess.find(program.name, environment: context.environment) else {
            throw SetupError.programMissing(program.name, package: program.package)
        }
        let path = Posix.absolutePath(picture, home: context.paths.userHome)
        try Self.checkPicture(path)
        if kind == .sway { try Self.checkSwayPath(path, program: "swaymsg") }
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
        case .sway: try runHelper(executable, ["output", "*", "bg", path, "fill"], environment: environment)
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
                throw .noSession(
                    kind.title,
                    "DISPLAY is not set (from cron, put DISPLAY=:0 before the command; for the systemd timer, run 'systemctl --user import-environment DISPLAY XAUTHORITY' when the session starts)"
                )
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

    /// Refuses what is not a PNG file: a directory, a device, a FIFO (which would block), a
    /// missing file, another kind of picture.
    static func checkPicture(_ path: String) throws(SetupError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw errno == ENOENT ? .noPicture(path) : .cannotRead(path, Posix.errorText()) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .cannotRead(path, Posix.errorText()) }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw .cannotRead(path, st.st_mode & S_IFMT == S_IFDIR ? "it is a directory" : "it is not a regular file")
        }
        var header = [UInt8](repeating: 0, count: 24)
        let count = read(fd, &header, header.count)
        guard count == header.count, PNGHeader.size(header) != nil else { throw .notPNG(path) }
    }

    /// `picture` copied under a name of its own in the backgrounds folder (its content's hash:
    /// the same picture keeps its name, a new one gets a new name, which is what makes GNOME and
    /// Plasma load it).
    func linkedCopy(_ picture: String) throws -> String {
        let bytes: [UInt8]
        do {
            guard let read = try Posix.readFile(picture, limit: 512 << 20) else { throw SetupError.noPicture(picture) }
            bytes = read
        } catch let error as IOFailure { throw SetupError.cannotRead(picture, error.reason(about: picture)) }
        guard PNGHeader.size(bytes) != nil else { throw SetupError.notPNG(picture) }
        let folder = try backgroundsFolder()
        let hash = String(Mix.fnv1a(bytes), radix: 16)
        let copy = folder + "/" + Self.copyPrefix + String(repeating: "0", count: 16 - hash.count) + hash + ".png"
        var st = stat()
        if lstat(copy, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size == bytes.count {
            _ = utimensat(AT_FDCWD, copy, nil, AT_SYMLINK_NOFOLLOW)  // the newest, for `removeOldCopies`
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

    /// Runs a helper program; what it says is shown only when it fails, which is an error.
    func runHelper(_ executable: String, _ arguments: [String], environment: [String: String]) throws(SetupError) {
        let (status, output, _) = Subprocess.capture(
            executable, arguments, environment: environment, limit: 64 << 10, timeout: Int(Self.helperTimeout), errors: true)
        guard status != 0 else { return }
        let said = String(decoding: output, as: UTF8.self).trimmingWhitespace()
        throw .helperFailed(Posix.lastComponent(executable), status, said: said)
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
