import CiteFeedCore
import CiteFeedSupport

/// `citefeed setup gnome|plasma --install`: the GNOME Shell extension or the Plasma
/// widget, from the copies built into citefeed (contrib/), into the user's data folder, where
/// the desktop finds an extension or widget of one user. The installed settings' defaults name
/// this citefeed, as a desktop session's PATH often lacks ~/.local/bin, and the library of
/// --home or CITEFEED_HOME when one is chosen; the user's own settings still win. Installing
/// again replaces the files with this citefeed's (an upgrade).
struct DesktopSetup {
    static let gnomeUUID = "citefeed@citefeed.github.io"
    static let plasmaID = "org.citefeed.status"

    let context: Context
    let bindir: String
    let home: String?

    /// contrib's folder of `target` and where it is installed under the data folder.
    static func folders(_ target: Setup.Target) -> (contrib: String, installed: String)? {
        switch target {
        case .gnome: ("gnome-shell/\(gnomeUUID)/", "gnome-shell/extensions/\(gnomeUUID)")
        case .plasma: ("plasma/\(plasmaID)/", "plasma/plasmoids/\(plasmaID)")
        default: nil
        }
    }

    /// $XDG_DATA_HOME, or ~/.local/share.
    func dataHome() throws(SetupError) -> String {
        if let data = context.environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data }
        guard let home = context.paths.userHome, home.hasPrefix("/") else { throw .noDataHome }
        return home + "/.local/share"
    }

    /// contrib's file at `path` as installed: the program and library defaults filled in.
    func installedText(_ path: String) -> String {
        let text = ContribFiles.text(path) ?? ""
        let program = bindir + "/citefeed"
        if path.hasSuffix(".gschema.xml") {
            // GVariant text ('…' with \\ and \'), in XML.
            func variant(_ s: String) -> String {
                ("'" + s.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'").xmlEscaped
            }
            return text.replacingAll(
                "<key name=\"citefeed-path\" type=\"s\">\n      <default>''</default>",
                with: "<key name=\"citefeed-path\" type=\"s\">\n      <default>\(variant(program))</default>"
            )
            .replacingAll(
                "<key name=\"home\" type=\"s\">\n      <default>''</default>",
                with: "<key name=\"home\" type=\"s\">\n      <default>\(variant(home ?? ""))</default>")
        }
        if path.hasSuffix("config/main.xml") {
            return text.replacingAll("<default>citefeed</default>", with: "<default>\(program.xmlEscaped)</default>")
                .replacingAll(
                    "(empty: CITEFEED_HOME or the usual place).</label>\n      <default></default>",
                    with: "(empty: CITEFEED_HOME or the usual place).</label>\n      <default>\((home ?? "").xmlEscaped)</default>")
        }
        return text
    }

    func install(_ target: Setup.Target) throws {
        guard let (contrib, installed) = Self.folders(target) else { return }
        let dir = try dataHome() + "/" + installed
        let files = ContribFiles.paths.filter { $0.hasPrefix(contrib) }.map { path in
            (path: dir + "/" + path.dropFirst(contrib.count), bytes: Array(installedText(path).utf8))
        }
        do {
            for file in files { try Posix.makeDirectories(Posix.parentDirectory(file.path)) }
            _ = try AtomicWriter.writeChanged(files, mode: 0o644)
        } catch { throw SetupError.cannotInstall(dir, error.message) }
        context.out.line("Installed \(target == .gnome ? "the GNOME Shell extension" : "the Plasma widget") in \(dir).")
        if target == .gnome {
            // GNOME 43 and 44 read an extension's settings from its compiled schema.
            let schemas = dir + "/schemas"
            let compiled: Bool
            if let compiler = Subprocess.find("glib-compile-schemas", environment: context.environment) {
                compiled =
                    Subprocess.run(
                        compiler, [schemas], in: "/", environment: context.environment,
                        deadline: Posix.monotonicMilliseconds() + 30_000) == 0
            } else {
                compiled = false
            }
            if !compiled {
                unlink(schemas + "/gschemas.compiled")  // an earlier install's, with other defaults
                context.warn(
                    "glib-compile-schemas did not compile its settings (Debian's libglib2.0-bin has it); the extension runs with its defaults",
                    prefix: "note")
            }
            context.out.line("Log out and in (on X11, Alt+F2 then r), then: gnome-extensions enable \(Self.gnomeUUID)")
        } else {
            context.out.line("Add it: right-click the panel or the desktop, Add Widgets…, then \"Citefeed\".")
        }
    }
}
