import CiteFeedModel
import CiteFeedSupport

/// An e-reader's storage, as a USB mount shows it, on which KOReader is installed: where its
/// sleep screen takes pictures from, and the reader's model. KOReader shows a random image from
/// the folder its `settings.reader.lua` names as `screensaver_dir` when `screensaver_type` is
/// `random_image` (koreader/koreader, `frontend/ui/screensaver.lua`); it has no default folder.
package struct ReaderDevice: Equatable, Sendable {
    package enum Kind: String, Sendable {
        case kobo, kindle, pocketbook

        /// KOReader's folder from the mount's root, and the root's path on the reader itself
        /// (each platform's `home_dir`), which the paths in KOReader's settings start with.
        var koreader: String {
            switch self {
            case .kobo: ".adds/koreader"
            case .kindle: "koreader"
            case .pocketbook: "applications/koreader"
            }
        }

        var rootOnDevice: String {
            switch self {
            case .kobo: "/mnt/onboard"
            case .kindle: "/mnt/us"
            case .pocketbook: "/mnt/ext1"
            }
        }
    }

    package var root: String
    package var kind: Kind
    /// The folder the pictures go to, on this machine.
    package var folder: String
    /// The same folder as the reader sees it (`/mnt/onboard/…`), for KOReader's settings.
    package var folderOnDevice: String
    /// Whether KOReader's settings name the folder and show random images from it.
    package var isShown: Bool
    /// The size of the reader's screen, and how it was found.
    package var size: PictureSize?
    package var model: String?
    /// Why KOReader's settings were not followed (they could not be read, or name a folder off
    /// this storage), for a note.
    package var settingsProblem: String?
    /// What the reader's files said of its model, when that did not give its size (a Kobo id
    /// citefeed does not know).
    package var unknownModel: String?

    /// KOReader on the reader mounted at `root`, or `nil` when it has none.
    package static func find(at root: String) -> ReaderDevice? {
        let kinds: [Kind] = [.kobo, .kindle, .pocketbook]
        guard let kind = kinds.first(where: { Posix.isDirectory(root + "/" + $0.koreader) }) else { return nil }
        let koreader = root + "/" + kind.koreader
        let settingsPath = koreader + "/settings.reader.lua"
        let text = Posix.readText(settingsPath, limit: 4 << 20)
        let settings = text.flatMap { try? LuaData.parse(Array($0.utf8)) }
        var problem: String?
        if settings == nil && Posix.fileExists(settingsPath) { problem = "its settings.reader.lua could not be read" }
        // The folder it names, when that is on this storage; else KOReader's own folder.
        var folderOnDevice = kind.rootOnDevice + "/" + kind.koreader + "/screensaver"
        var folder = koreader + "/screensaver"
        var isShown = false
        if let named = settings?["screensaver_dir"]?.string {
            if let local = Self.local(named, kind: kind, root: root) {
                folderOnDevice = named.count > 1 && named.hasSuffix("/") ? String(named.dropLast()) : named
                folder = local
                isShown = settings?["screensaver_type"]?.string == "random_image"
            } else {
                problem = "the folder its settings name, \(named), is not on this storage"
            }
        }
        var device = ReaderDevice(root: root, kind: kind, folder: folder, folderOnDevice: folderOnDevice, isShown: isShown)
        device.settingsProblem = problem
        (device.size, device.model, device.unknownModel) = Self.screen(kind: kind, root: root, koreader: koreader)
        return device
    }

    /// `path` on the reader as a path on this machine, when it is on this storage and has no
    /// `..` in it.
    static func local(_ path: String, kind: Kind, root: String) -> String? {
        let prefix = kind.rootOnDevice
        guard path == prefix || path.hasPrefix(prefix + "/"), !path.split(separator: "/").contains(".."),
            !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        let rest = path.dropFirst(prefix.count).split(separator: "/").joined(separator: "/")
        return rest.isEmpty ? root : root + "/" + rest
    }

    /// The screen: a Kobo's model from the id that ends `.kobo/version` (koboutils, FBInk); else
    /// the size KOReader wrote in its `crash.log` when it last started ("framebuffer resolution").
    static func screen(kind: Kind, root: String, koreader: String) -> (PictureSize?, String?, String?) {
        var unknown: String?
        if kind == .kobo, let version = Posix.readText(root + "/.kobo/version", limit: 4096) {
            let id = String(version.trimmingWhitespace().suffix(3))
            if let (name, preset) = koboModels[id], let size = PicturePreset.named(preset)?.size { return (size, name, nil) }
            unknown = "a Kobo whose .kobo/version ends in \(id)"
        }
        let (size, model) = Posix.readTail(koreader + "/crash.log", limit: 1 << 20).map(crashLogScreen) ?? (nil, nil)
        return (size, model, size == nil ? unknown : nil)
    }

    /// Kobo's model ids (the last three digits of `.kobo/version`): name and preset.
    static let koboModels: [String: (String, String)] = [
        "376": ("Kobo Clara HD", "kobo-clara"), "386": ("Kobo Clara 2E", "kobo-clara"), "391": ("Kobo Clara BW", "kobo-clara"),
        "395": ("Kobo Clara BW", "kobo-clara"), "393": ("Kobo Clara Colour", "kobo-clara"), "384": ("Kobo Libra H2O", "kobo-libra-2"),
        "388": ("Kobo Libra 2", "kobo-libra-2"), "390": ("Kobo Libra Colour", "kobo-libra-2"), "383": ("Kobo Sage", "kobo-sage"),
        "387": ("Kobo Elipsa", "kobo-elipsa"), "389": ("Kobo Elipsa 2E", "kobo-elipsa"), "373": ("Kobo Aura One", "kobo-elipsa"),
        "381": ("Kobo Aura One", "kobo-elipsa"), "377": ("Kobo Forma", "kobo-forma"), "380": ("Kobo Forma", "kobo-forma"),
        "382": ("Kobo Nia", "kobo-nia"), "371": ("Kobo Glo HD", "kobo-clara"), "375": ("Kobo Aura Edition 2", "kobo-nia"),
    ]

    /// The last "initializing for device NAME" and "framebuffer resolution: { … h = H, … w = W }"
    /// KOReader logged; the shorter side is the width (a reader may start in landscape).
    static func crashLogScreen(_ log: String) -> (PictureSize?, String?) {
        var model: String?
        var size: PictureSize?
        for line in log.split(separator: "\n") {
            if let range = line.firstRange(of: "initializing for device ") {
                model = String(line[range.upperBound...]).trimmingWhitespace()
            } else if line.contains("framebuffer resolution"), let w = number(after: "w = ", in: line),
                let h = number(after: "h = ", in: line)
            {
                let candidate = PictureSize(width: min(w, h), height: max(w, h))
                if candidate.isWithinBounds { size = candidate }
            }
        }
        return (size, size == nil ? nil : model)
    }

    private static func number(after label: String, in line: Substring) -> Int? {
        guard let range = line.firstRange(of: label) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
