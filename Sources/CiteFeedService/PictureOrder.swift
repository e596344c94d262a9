import CiteFeedCore
import CiteFeedModel
import CiteFeedOutput
import CiteFeedPicture
import CiteFeedSupport

/// The pictures one rotation is to have beside its feeds (its setting `pictures`): the pick they
/// show and how to draw them. Made when the rotation's outputs are written; the pictures are
/// made after the commit, by the command in the foreground (`rotate`) or by the detached
/// citefeed that runs a bar's announcements (`status`, `next`), to which it is handed as JSON,
/// so that a bar never waits for a picture.
package struct PictureOrder: Equatable, Sendable {
    /// "" for the default rotation, "rotation NAME: " otherwise: the start of its warnings.
    package var label: String
    package var rotation: String
    package var directory: String
    package var presets: [String]
    package var pick: PickSnapshot
    /// When the pick was made, and its row in the history (which only grows): of two orders,
    /// the later pick's pictures win.
    package var pickedAt: Timestamp
    package var pickID: Int64
    /// The lock makers of pictures take turns on (beside the library).
    package var lock: String
    package var theme: PictureTheme
    package var margins: PictureMargins
    package var background: String?

    package var json: JSONValue {
        .object([
            ("label", .string(label)), ("rotation", .string(rotation)), ("directory", .string(directory)),
            ("presets", .array(presets.map(JSONValue.string))),
            ("pick", CitationJSON.citation(pick)), ("pickedAt", .int(pickedAt.seconds)), ("pickID", .int(pickID)), ("lock", .string(lock)),
            ("theme", .string(theme.rawValue)),
            ("margins", .array(margins.values.map { .int(Int64($0)) })), ("background", .optional(background)),
        ])
    }

    package init(
        label: String, rotation: String, directory: String, presets: [String], pick: PickSnapshot, pickedAt: Timestamp, pickID: Int64,
        lock: String,
        theme: PictureTheme, margins: PictureMargins, background: String?
    ) {
        self.pickID = pickID
        self.lock = lock
        self.rotation = rotation
        self.label = label
        self.directory = directory
        self.presets = presets
        self.pick = pick
        self.pickedAt = pickedAt
        self.theme = theme
        self.margins = margins
        self.background = background
    }

    /// The order `json` wrote, or `nil` when it is not one.
    package init?(json: JSONValue) {
        guard let label = json["label"]?.stringValue, let rotation = json["rotation"]?.stringValue,
            let directory = json["directory"]?.stringValue,
            let presets = json["presets"]?.arrayValue?.compactMap(\.stringValue), let pick = json["pick"].flatMap(PickSnapshot.init(json:)),
            case .int(let seconds)? = json["pickedAt"], case .int(let pickID)? = json["pickID"], let lock = json["lock"]?.stringValue,
            let theme = json["theme"]?.stringValue.flatMap(PictureTheme.init(rawValue:)),
            let margins = PictureMargins((json["margins"]?.arrayValue ?? []).compactMap { $0.numberValue.map { Int($0) } })
        else { return nil }
        self.init(
            label: label, rotation: rotation, directory: directory, presets: presets, pick: pick, pickedAt: Timestamp(seconds: seconds),
            pickID: pickID, lock: lock,
            theme: theme,
            margins: margins, background: json["background"]?.stringValue)
    }
}

/// Why a rotation's pictures were not made, for the front end to word.
package struct PictureOrderFailure: Error, Sendable {
    package var label: String
    package var reason: Reason

    package enum Reason: Sendable {
        case picture(PictureError)
        case output(OutputError)
        /// A file of that name is there, and citefeed did not write it.
        case leftAlone([String], directory: String)
    }
}

extension PictureOrder {
    /// Makes the pictures that do not show this pick yet, each `picture-PRESET.png` in the
    /// directory (replaced atomically, an unchanged one untouched, never a file citefeed did not
    /// write there). `environment`: for the screen's size and the user's language.
    /// Returns the names written (none when every picture already showed this pick).
    @discardableResult
    package func write(environment: [String: String]) throws(PictureOrderFailure) -> [String] {
        // One maker at a time (two `next` at once hand over two orders), and never an older
        // pick's pictures over a newer one's.
        let turn = FileLock.shared(lock)
        try? turn.acquire(patience: 60_000)
        defer { turn.release() }
        let output = OutputDirectory(path: directory)
        // What each picture there shows, so that one is made again only when its pick, size or
        // look changed.
        let stampPath = directory + "/" + OutputSet.pictureStamp
        let stamps = (Posix.readText(stampPath, limit: 1 << 16).flatMap { try? JSONParser.parse(Array($0.utf8)) })
        if case .int(let shown)? = stamps?["pick"], shown > pickID { return [] }
        var stamp: [(String, JSONValue)] = [("pick", .int(pickID))]
        var files: [OutputFile] = []
        let background = self.background.map { path -> String in
            var st = stat()
            return stat(path, &st) == 0 ? "\(path) \(st.st_size) \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)" : path
        }
        // The screen is asked once, for wallpaper and lockscreen alike (each helper may take its
        // two seconds).
        let asksScreen = presets.contains { PicturePreset.named($0)?.size == nil }
        let screen = (asksScreen ? ScreenSize.read(environment: environment) : nil) ?? PicturePreset.fallbackScreen
        for name in presets {
            guard let preset = PicturePreset.named(name) else { continue }
            let size = preset.size ?? screen
            var request = PictureRequest(size: size, theme: theme, eInk: preset.isEReader, background: self.background)
            if preset.size == nil { request.margins = margins }
            request.locale = TextLanguage.locale(environment: environment)
            let key = "\(pick.id) \(pickedAt.seconds) \(size) \(theme.rawValue) \(request.margins) \(background ?? "")"
            stamp.append((name, .string(key)))
            let file = directory + "/" + FeedContext.pictureName(name)
            if stamps?[name]?.stringValue == key, Posix.fileExists(file) { continue }
            do throws(PictureError) {
                files.append(
                    OutputFile(name: FeedContext.pictureName(name), bytes: try PictureRenderer.render(CardContent(pick), request).bytes))
            } catch { throw PictureOrderFailure(label: label, reason: .picture(error)) }
        }
        guard !files.isEmpty else { return [] }
        files.append(OutputFile(name: OutputSet.pictureStamp, bytes: Array((JSONWriter.pretty(.object(stamp))).utf8)))
        let written: OutputDirectory.Written
        do throws(OutputError) { written = try output.write(files) } catch {
            throw PictureOrderFailure(label: label, reason: .output(error))
        }
        if !written.refused.isEmpty { throw PictureOrderFailure(label: label, reason: .leftAlone(written.refused, directory: directory)) }
        return written.written.filter { $0 != OutputSet.pictureStamp }
    }
}
