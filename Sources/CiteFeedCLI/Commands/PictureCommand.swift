import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedPicture
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed picture [ID] [--rotation NAME] [--preset NAME | --size WxH] [--theme NAME] [--format png|svg]
/// [--background FILE] [--out FILE]`
struct PictureCommand: Command {
    // The spec is a literal, not made from `PicturePreset.all`: every command's spec is read to
    // find the one run, and `status` must not pay for this one's (a test checks they agree).
    static let preset = Option(
        "preset", "NAME", "a named size: wallpaper (default), lockscreen, square, portrait or an e-reader", choices: presetNames)
    static let presetNames = [
        "wallpaper", "lockscreen", "square", "portrait", "kobo-clara", "kobo-libra-2", "kobo-sage", "kobo-elipsa", "kobo-forma",
        "kobo-nia", "kindle",
        "kindle-paperwhite-4", "kindle-paperwhite-5", "kindle-oasis", "kindle-scribe", "pocketbook-era", "pocketbook-touch-hd-3",
        "pocketbook-inkpad-3",
    ]
    static let size = Option("size", "WxH", "a size in pixels instead, such as 2560x1440 (200 to 8192 a side)")
    static let theme = Option(
        "theme", "NAME", "light, dark, sepia, eink or tag (default: the pictureTheme setting)", choices: PictureTheme.self)
    static let format = Option("format", "F", "png (default, or as --out's extension says) or svg", choices: PictureRequest.Format.self)
    static let background = Option("background", "FILE", "a PNG file drawn behind the card (default: the pictureBackground setting)")
    static let out = Option("out", "FILE", "where to write it; - for standard output (default: citation-ID.png here)")
    static let devices = Flag(
        "devices", "pictures of the next picks to the sleep screen of every mounted e-reader with KOReader (or those in the ROOTs given)")

    static let spec = CommandSpec(
        name: "picture",
        usage: "[ID] [--rotation NAME] [--preset NAME | --size WxH] [--theme NAME] [--format png|svg] [--background FILE] [--out FILE]",
        summary: "Make a picture of a citation: a wallpaper, a lock screen, an e-reader's sleep screen, a card to share.",
        details: """
            The citation with ID, or the one the rotation shows now. Its text is as large as fits
            (cut at a word with … when even the smallest size does not), with the author and
            source under it, the tags as chips in their colours and a star on a favourite. Laid
            out by Pango and drawn by Cairo (Debian: libpangocairo-1.0-0), loaded only here.
            wallpaper and lockscreen take the screen's size from swaymsg or xrandr (else
            1920×1080); an e-reader's picture is gray, dithered to e-ink's 16 levels.
            Presets: wallpaper (the screen), lockscreen (the screen), square (1080×1080), portrait
            (1080×1350), kobo-clara (1072×1448), kobo-libra-2 (1264×1680), kobo-sage (1440×1920),
            kobo-elipsa (1404×1872), kobo-forma (1440×1920), kobo-nia (758×1024), kindle (600×800),
            kindle-paperwhite-4 (1072×1448),
            kindle-paperwhite-5 (1236×1648), kindle-oasis (1264×1680), kindle-scribe (1860×2480),
            pocketbook-era (1264×1680), pocketbook-touch-hd-3 (1072×1448), pocketbook-inkpad-3
            (1404×1872).
            The settings pictureTheme and pictureBackground apply, and pictureMargins (room kept
            clear for panels) to wallpaper, lockscreen and --size.
            --devices writes pictures of the next sleepScreenCount picks (default 20) of the
            rotation sleepScreenRotation (or --rotation) to each e-reader mounted under
            /media/$USER, /run/media/$USER and /mnt where KOReader is (Kobo, Kindle, PocketBook),
            at its screen's size (a Kobo's model, or the size KOReader last logged; else give
            --preset), into the folder KOReader's sleep screen shows (its screensaver_dir, else
            KOReader's screensaver folder), replacing only the citefeed-NNN.png files it wrote.
            """,
        options: [CLI.rotationOption, preset, size, theme, format, background, out, devices],
        positionals: (0, 16), positionalName: "the ID of a citation")

    /// Extensions of pictures citefeed does not write.
    static let otherPictures: Set<String> = ["jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "avif", "heic", "jxl", "ico", "pdf"]

    let id: Int64?
    let preset: PicturePreset
    let size: PictureSize?
    let theme: PictureTheme?
    let format: PictureRequest.Format
    let background: String?
    let out: String?
    /// `--devices`: the roots given (none: the usual mount points), and whether a preset was.
    let devices: [String]?
    let presetGiven: Bool

    init(_ arguments: ParsedArguments) throws {
        presetGiven = arguments.has(Self.preset)
        if arguments(Self.devices) {
            for option in [Self.size, Self.format, Self.out, Self.background] where arguments.has(option) {
                throw UsageError.conflicting("--devices", "--\(option.name)", command: "picture")
            }
            devices = arguments.positionals
        } else {
            devices = nil
            if arguments.positionals.count > 1 {
                throw UsageError.invalidValue(
                    arguments.positionals[1], expected: "'picture' takes one ID (or --devices and the folders readers are mounted in)")
            }
        }
        id = devices == nil ? try arguments.positionals.first.map(Arguments.id) : nil
        if arguments.has(Self.preset) && arguments.has(Self.size) { throw UsageError.conflicting("--preset", "--size", command: "picture") }
        let presetName = arguments(Self.preset) ?? "wallpaper"
        guard let preset = PicturePreset.named(presetName) else {
            throw UsageError.invalidValue(presetName, expected: "--preset takes one of \(PicturePreset.names.joined(separator: ", "))")
        }
        self.preset = preset
        size = try arguments(Self.size).map { text throws(UsageError) in
            guard let size = PictureSize(parsing: text), size.isWithinBounds else {
                throw .invalidValue(
                    text, expected: "--size takes WIDTHxHEIGHT in pixels, each from \(PictureSize.smallest) to \(PictureSize.largest)")
            }
            return size
        }
        theme = try arguments.choice(Self.theme, PictureTheme.self)
        out = arguments(Self.out)
        let name = out.map(Posix.lastComponent) ?? ""
        let fileExtension = name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } : nil
        let byExtension: PictureRequest.Format? = fileExtension == "svg" ? .svg : nil
        format = try arguments.choice(Self.format, PictureRequest.Format.self) ?? byExtension ?? .png
        // A name that says another kind of picture would hold a PNG or SVG under a false name.
        if let fileExtension, Self.otherPictures.contains(fileExtension) {
            throw UsageError.invalidValue(
                out!, expected: "--out names a .\(fileExtension) file, but citefeed writes PNG or SVG: name it .png or .svg")
        }
        if let fileExtension, fileExtension == "png" || fileExtension == "svg", fileExtension != format.rawValue {
            throw UsageError.invalidValue(out!, expected: "--out names a .\(fileExtension) file, but --format is \(format.rawValue)")
        }
        background = arguments(Self.background)
    }

    func run(_ context: Context) throws {
        if let devices {
            try SleepScreenWriter.writeAll(roots: devices, preset: presetGiven ? preset : nil, theme: theme, context, fromImport: false)
            return
        }
        let settings = try context.settings()
        let home = context.home
        var request = PictureRequest(
            size: size ?? home.pictureSize(preset, environment: context.environment), theme: theme ?? settings.pictureTheme,
            format: format, eInk: size == nil && preset.isEReader)
        // Panels are on screens: the margins keep clear of them on a wallpaper, a lock screen
        // or a size of the user's, not on a card to share or an e-reader's sleep screen.
        if size != nil || preset.size == nil { request.margins = settings.pictureMargins }
        request.background = background.map { Posix.absolutePath($0, home: context.paths.userHome) } ?? settings.pictureBackground
        request.locale = TextLanguage.locale(environment: context.environment)
        // What can be refused is, before the rotation picks or a file is made.
        if out == "-" && context.stdoutIsTerminal { throw PictureCommandError.terminal }
        let prepared = try home.preparePicture(request)
        // Without --out: citation-ID.png here; the directory is checked with a stand-in name.
        let named = Posix.absolutePath(out ?? "citation.\(format.rawValue)", home: context.paths.userHome)
        let target: UserOutput?
        do throws(IOFailure) {
            target = out == "-" ? nil : try UserOutput.resolve(named, protected: context.paths.ownFiles)
        } catch { throw OutputError.cannotWriteFile(named, error) }
        guard let citation = try home.pictureCitation(id: id, settings) else { throw PictureCommandError.nothingToShow(settings.rotation) }
        let picture = try home.picture(of: citation, prepared)
        guard var output = target else {
            context.out.write(bytes: picture.bytes)
            guard context.out.flush() else { throw PictureCommandError.standardOutput(Posix.errorText()) }
            return
        }
        if out == nil {
            let here = Posix.parentDirectory(output.path) + "/citation-\(citation.id).\(format.rawValue)"
            do throws(IOFailure) { output = try UserOutput.resolve(here, protected: context.paths.ownFiles) } catch {
                throw OutputError.cannotWriteFile(here, error)
            }
        }
        // 0644 for a new file: a wallpaper or lock screen is read by other programs (a display
        // manager's greeter runs as another user); a file replaced keeps its permissions.
        do throws(IOFailure) { try output.write(picture.bytes, newMode: 0o644) } catch {
            throw OutputError.cannotWriteFile(output.path, error)
        }
        let cut = picture.isCut ? ", the text cut to fit" : ""
        let colours = request.eInk ? (format == .png ? "e-ink, 16 grays" : "eink") : request.theme.rawValue
        context.out.line("Wrote \(output.path) (\(request.size.description), \(colours)\(cut)).")
    }
}

package enum PictureCommandError: CiteFeedError, Equatable {
    case nothingToShow(String)
    case terminal
    /// Writing the picture to standard output failed (the reason).
    case standardOutput(String)

    package var exitStatus: ExitStatus {
        switch self {
        case .nothingToShow: return .notFound
        case .terminal: return .usage
        case .standardOutput: return .ioError
        }
    }

    package var message: String {
        switch self {
        case .terminal: return "A picture is not written to a terminal; give --out FILE, or send standard output to a file or program."
        case .nothingToShow(let rotation) where rotation.isEmpty:
            return
                "The rotation has nothing to show: no citation matches its settings ('citefeed defaults' shows them). Give an ID instead."
        case .nothingToShow(let rotation):
            return
                "Rotation \(quoted(rotation)) has nothing to show: no citation matches its settings ('citefeed list --rotation \(rotation)' lists what does). Give an ID instead."
        case .standardOutput(let reason):
            return "Cannot write the picture to standard output: \(reason)."
        }
    }
}
