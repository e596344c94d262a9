import CiteFeedCore
import CiteFeedModel
import CiteFeedOutput
import CiteFeedPicture
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `setup wallpaper|lockscreen --install`: every check before the first change, then the
/// preset, the lock program's line and the command.
extension WallpaperSetup {
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
}
