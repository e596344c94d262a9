import CiteFeedModel
import CiteFeedSupport

extension ImportSources {
    /// A desktop reading program and the files of its that `import --apps` takes.
    package struct App: Sendable {
        package var name: String
        package var files: [String]
    }

    /// The annotations the desktop readers keep for the current user, where they keep them
    /// (`home`, and `XDG_DATA_HOME` and `XDG_CONFIG_HOME` when set):
    /// - Foliate (GNOME's e-book reader): a JSON file per book in
    ///   `DATA/com.github.johnfactotum.Foliate/`, or the Flatpak's
    ///   `~/.var/app/com.github.johnfactotum.Foliate/data/com.github.johnfactotum.Foliate/`;
    /// - calibre's viewer, for books opened outside a library: `CONFIG/calibre/viewer/annots/`
    ///   (or the Flatpak's `~/.var/app/com.calibre_ebook.calibre/config/calibre/…`);
    /// - KOReader on the desktop (`CONFIG/koreader`): the sidecars it keeps in its own
    ///   `docsettings/` and `hashdocsettings/`, and those beside the books its `history.lua` lists.
    /// Only the programs found are listed; a program found with no annotations has no files.
    package static func apps(home: String, dataHome: String?, configHome: String?) -> [App] {
        let data = dataHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let config = configHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        var apps: [App] = []
        let foliate = [
            data + "/com.github.johnfactotum.Foliate",
            home + "/.var/app/com.github.johnfactotum.Foliate/data/com.github.johnfactotum.Foliate",
        ].filter(Posix.isDirectory)
        if !foliate.isEmpty { apps.append(App(name: "Foliate", files: foliate.flatMap { jsonFiles(in: $0, opening: UInt8(ascii: "{")) })) }
        let calibre = [config + "/calibre/viewer/annots", home + "/.var/app/com.calibre_ebook.calibre/config/calibre/viewer/annots"]
            .filter(Posix.isDirectory)
        if !calibre.isEmpty {
            apps.append(App(name: "calibre's viewer", files: calibre.flatMap { jsonFiles(in: $0, opening: UInt8(ascii: "[")) }))
        }
        let koreader = config + "/koreader"
        if Posix.isDirectory(koreader) {
            var sidecars: [String] = []
            for folder in ["docsettings", "hashdocsettings"] where Posix.isDirectory(koreader + "/" + folder) {
                walkSidecars(koreader + "/" + folder, depth: 0, into: &sidecars)
            }
            sidecars += historySidecars(koreader + "/history.lua")
            var seen = Set<String>()
            apps.append(App(name: "KOReader", files: sidecars.filter { seen.insert(Posix.resolvedPath($0) ?? $0).inserted }.sorted()))
        }
        return apps
    }

    /// The `.json` files in `folder` that begin as the program's do (a book's object, a list of
    /// annotations): every one is imported, so that one the program cannot have written right
    /// (cut short, not JSON) is named and fails, not passed over in silence.
    private static func jsonFiles(in folder: String, opening: UInt8) -> [String] {
        Posix.directoryEntries(folder).sorted().filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { folder + "/" + $0 }.filter {
            path in
            guard !Posix.isLink(path), Posix.status(path)?.isRegular == true, let head = Posix.readPrefix(path, 4096) else { return false }
            let start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
            return start.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 } == opening
        }
    }

    /// The sidecars of the books KOReader's `history.lua` lists (`{ { file = "…", time = … }, … }`):
    /// `BOOK.sdr/metadata.EXT.lua` beside each book, where there is one.
    static func historySidecars(_ path: String) -> [String] {
        guard let bytes = try? Posix.readFile(path, limit: 16 << 20), let history = try? LuaData.parse(bytes),
            case .table(let entries) = history
        else { return [] }
        var found: [String] = []
        for entry in entries {
            guard case .string(let file)? = entry.value["file"], file.hasPrefix("/") else { continue }
            let name = Posix.lastComponent(file)
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { continue }
            let sidecar =
                Posix.parentDirectory(file) + "/" + name[..<dot] + ".sdr/metadata." + name[name.index(after: dot)...].lowercased() + ".lua"
            if Posix.status(sidecar)?.isRegular == true { found.append(sidecar) }
        }
        return found
    }
}
