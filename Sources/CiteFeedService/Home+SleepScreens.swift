import CiteFeedExchange
import CiteFeedModel
import CiteFeedPicture
import CiteFeedStore
import CiteFeedSupport

extension Home {
    /// The name of citefeed's `n`th sleep-screen picture, and the list of those it wrote.
    static func sleepScreenName(_ n: Int) -> String {
        "citefeed-" + String(repeating: "0", count: max(0, 3 - String(n).count)) + "\(n).png"
    }
    static let sleepScreenList = ".citefeed-sleep-screens"

    /// Removes the temporary files of pictures (`.citefeed-NNN.png.tmp-XXXXXX`) that a run
    /// stopped half-way (a cable pulled) left, once they are a minute old.
    static func removeStaleTemporaryPictures(in folder: String) {
        let now = time(nil)
        for name in Posix.directoryEntries(folder) where name.hasPrefix(".citefeed-") && name.count == ".citefeed-000.png.tmp-XXXXXX".count
        {
            guard name.dropFirst(".citefeed-000.png".count).hasPrefix(".tmp-") else { continue }
            var st = stat()
            let full = folder + "/" + name
            if lstat(full, &st) == 0, st.st_mode & S_IFMT == S_IFREG, now - st.st_mtim.tv_sec > 60 { unlink(full) }
        }
    }

    /// The readers with KOReader mounted in (or at) `roots`.
    package func readersWithKOReader(roots: [String]) -> [ReaderDevice] {
        ImportSources.devices(roots: roots).compactMap { ReaderDevice.find(at: $0.device) }
    }

    /// Writes pictures of the next `count` picks of the rotation of `settings` (each citation
    /// once) into the folder the reader's KOReader shows on its sleep screen, at its screen's size
    /// (`preset` when given), gray in e-ink's 16 levels. Only `citefeed-NNN.png` files that
    /// citefeed wrote there (its list, `.citefeed-sleep-screens`) are replaced or removed.
    package func writeSleepScreens(
        _ device: ReaderDevice, settings: Settings, count: Int, preset: PicturePreset?, locale: String?
    ) throws(SleepScreenError) -> SleepScreens {
        guard let size = preset?.size ?? device.size else { throw .unknownSize(device) }
        var request = PictureRequest(size: size, theme: settings.pictureTheme, eInk: true, background: settings.pictureBackground)
        request.locale = locale
        let prepared: PreparedPicture
        do throws(PictureError) { prepared = try PictureRenderer.prepare(request) } catch { throw .picture(error) }
        let citations: [Citation]
        do {
            let library = try libraryWithStarterSet()
            var seen = Set<Int64>()
            citations = try rotation(library, settings: settings).upcoming(count * 2).map(\.citation).filter { seen.insert($0.id).inserted }
        } catch { throw .library(error) }
        guard !citations.isEmpty else { throw .nothingToShow(settings.rotation) }
        let chosen = Array(citations.prefix(count))
        let folder = device.folder
        // The folder stays on the reader: a link in the way (the folder, or one above it) must
        // not lead the pictures, or the removal of old ones, anywhere else.
        let storage = Posix.resolvedPath(device.root) ?? device.root
        func onStorage(_ path: String) -> Bool {
            guard let real = Posix.resolvedPath(path) else { return true }
            return real == storage || real.hasPrefix(storage == "/" ? "/" : storage + "/")
        }
        var ancestor = folder
        while !Posix.fileExists(ancestor) && ancestor != "/" && ancestor != "." { ancestor = Posix.parentDirectory(ancestor) }
        guard onStorage(ancestor) else { throw .offStorage(folder) }
        do throws(IOFailure) { try Posix.makeDirectories(folder) } catch { throw .cannotWrite(folder, error) }
        guard onStorage(folder) else { throw .offStorage(folder) }
        Self.removeStaleTemporaryPictures(in: folder)
        let listPath = folder + "/" + Self.sleepScreenList
        let names = (1...max(chosen.count, 1)).map(Self.sleepScreenName)
        // Only names of this form are ever taken from the list: one edited by hand cannot make
        // citefeed replace or remove anything else.
        let allowed = Set((1...200).map(Self.sleepScreenName))
        let listed = Set(
            (Posix.readText(listPath, limit: 1 << 16).flatMap { try? JSONParser.parse(Array($0.utf8)) }?["files"]?.arrayValue ?? [])
                .compactMap(\.stringValue).filter { allowed.contains($0) })
        var leftAlone: [String] = []
        var files: [(path: String, bytes: [UInt8])] = []
        for (name, citation) in zip(names, chosen) {
            let path = folder + "/" + name
            var st = stat()
            // lstat: a link (even to nothing) that citefeed did not make is the user's; a listed
            // name that has become a folder is left too.
            let there = lstat(path, &st) == 0
            if there && (!listed.contains(name) || st.st_mode & S_IFMT == S_IFDIR) {
                leftAlone.append(name)
                continue
            }
            do throws(PictureError) { files.append((path, try PictureRenderer.render(CardContent(citation), prepared).bytes)) } catch {
                throw .picture(error)
            }
        }
        let mine = Set(files.map { Posix.lastComponent($0.path) })
        let stale = listed.subtracting(mine).subtracting(leftAlone)
        do throws(IOFailure) {
            // The list first, holding both what stays and what is to be written: a run stopped
            // between the two leaves files it may still replace, never ones it does not know.
            try AtomicWriter.write(
                Array(JSONWriter.pretty(.object([("files", .array(listed.union(mine).sorted().map(JSONValue.string)))])).utf8),
                to: listPath, mode: 0o644)
            let written = try AtomicWriter.writeChanged(files, mode: 0o644)
            var removed = 0
            for name in stale.sorted() where unlink(folder + "/" + name) == 0 { removed += 1 }
            try AtomicWriter.write(
                Array(JSONWriter.pretty(.object([("files", .array(mine.sorted().map(JSONValue.string)))])).utf8), to: listPath, mode: 0o644)
            return SleepScreens(
                device: device, size: size, written: written.count, unchanged: files.count - written.count, removed: removed,
                leftAlone: leftAlone)
        } catch { throw .cannotWrite(folder, error) }
    }
}
