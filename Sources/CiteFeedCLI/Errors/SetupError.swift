import CiteFeedSupport

/// What stops `setup systemd --enable`, `setup gnome|plasma --install` and `setup wallpaper|lockscreen`.
enum SetupError: CiteFeedError {
    case noSystemctl
    case noHomeDirectory
    case noDataHome
    case unitDiffers(String)
    case cannotWrite(String, String)
    case cannotInstall(String, String)
    case systemctlFailed(String, Int32, String)
    /// A program the desktop's step needs, and the Debian package that has it.
    case programMissing(String, package: String)
    /// The rotation (its words) is in review mode, which makes no pictures.
    case reviewRotation(String)
    case gnomeLockScreen
    /// `wallpaperCommand` is the user's own command, and the rotation's.
    case wallpaperCommandSet([String], rotation: String)
    /// swaylock's configuration (its path) names another image (the value).
    case swaylockImage(String, String)
    /// A picture's path that sway or swaylock (the program) would read as more than a path.
    case swayPath(String, program: String)
    /// A file that cannot be read, and why.
    case cannotRead(String, String)
    /// The desktop (its title) cannot be reached: why.
    case noSession(String, String)
    case noPicture(String)
    case notPNG(String)
    /// A helper program failed: its name, exit status (-1 not started, -2 out of time) and
    /// what it said.
    case helperFailed(String, Int32, said: String)

    var exitStatus: ExitStatus {
        switch self {
        case .noSystemctl, .noPicture: .notFound
        case .cannotWrite, .cannotInstall, .unitDiffers, .wallpaperCommandSet, .swaylockImage: .cannotCreate
        case .noHomeDirectory, .noDataHome, .systemctlFailed, .helperFailed, .reviewRotation: .failure
        case .programMissing, .gnomeLockScreen, .noSession: .unavailable
        case .swayPath: .usage
        case .cannotRead: .ioError
        case .notPNG: .dataError
        }
    }

    var message: String {
        switch self {
        case .noSystemctl:
            return "systemctl is not on PATH: this system does not run systemd; 'citefeed setup cron' prints the crontab line instead."
        case .noHomeDirectory:
            return "Neither XDG_CONFIG_HOME nor HOME is set to an absolute path, so there is no ~/.config/systemd/user to put the units in."
        case .noDataHome:
            return "Neither XDG_DATA_HOME nor HOME is set to an absolute path, so there is no ~/.local/share to install into."
        case .unitDiffers(let path):
            return
                "\(path) exists and differs from citefeed's; nothing was changed. Compare it with 'citefeed setup systemd', then remove it or keep it."
        case let .cannotWrite(dir, reason):
            return "Cannot write the units to \(dir): \(reason)."
        case let .cannotInstall(dir, reason):
            return "Cannot install into \(dir): \(reason)."
        case let .systemctlFailed(command, status, place):
            let how =
                status == -1 ? "could not start" : status == -2 ? "did not finish within 60 seconds" : "failed (exit status \(status))"
            return
                "'systemctl \(command)' \(how); \(place.prefix(1).lowercased() + place.dropFirst()). systemctl --user needs a user session: log in graphically or over ssh, or run 'loginctl enable-linger' for a machine nobody logs in to."
        case let .programMissing(program, package):
            return
                "\(program) is not on PATH; install Debian's \(package) package (or your system's), then run this again. Nothing was changed."
        case .reviewRotation(let name):
            return
                "\(name.prefix(1).uppercased() + name.dropFirst()) is in review mode, which makes no pictures; choose a rotation in rotate mode with --rotation NAME. Nothing was changed."
        case .gnomeLockScreen:
            return
                "GNOME (42 and later) shows the wallpaper, blurred, on its lock screen and reads no picture of its own; 'citefeed setup wallpaper --desktop gnome --install' puts the citation on the wallpaper."
        case let .wallpaperCommandSet(words, rotation):
            let option = rotation.isEmpty ? "" : " --rotation " + rotation.plainShellWord
            return
                "wallpaperCommand is already your own command (\(words.map(\.plainShellWord).joined(separator: " ").echoed(limit: 200))); nothing was changed. Remove it first with 'citefeed defaults delete wallpaperCommand\(option)', or keep it."
        case let .swaylockImage(path, image):
            return
                "\(path) already shows the image \(quoted(image)); nothing was changed. To show the citation, replace that line with the one 'citefeed setup lockscreen --desktop sway' prints."
        case let .swayPath(path, program):
            return
                "\(program) would read \(path.echoed(limit: .max)) as more than a path (it holds a character other than letters, digits and /._-+@%~); give the rotation an outputDirectory without one. Nothing was changed."
        case let .cannotRead(path, reason):
            return "Cannot read \(path.echoed(limit: .max)): \(reason)."
        case let .noSession(desktop, why):
            return "Cannot reach \(desktop): \(why)."
        case .noPicture(let path):
            return "There is no picture at \(path.echoed(limit: .max)); 'citefeed rotate' makes the rotation's pictures."
        case .notPNG(let path):
            return "\(path.echoed(limit: .max)) is not a PNG picture."
        case let .helperFailed(program, status, said):
            let how =
                status == -1 ? "could not start" : status == -2 ? "did not finish within 20 seconds" : "failed (exit status \(status))"
            let words = said.isEmpty ? "" : ": " + said.split(whereSeparator: \.isNewline).joined(separator: " ").echoed(limit: 400)
            return "\(program) \(how)\(words); the desktop was not changed."
        }
    }
}
