import CiteFeedCore
import CiteFeedModel
import CiteFeedOutput
import CiteFeedPicture
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `setup wallpaper --apply FILE`: what the installed `wallpaperCommand` runs.
extension WallpaperSetup {
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
