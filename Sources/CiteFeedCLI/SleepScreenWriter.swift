import CiteFeedExchange
import CiteFeedModel
import CiteFeedPicture
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `picture --devices` and the end of `import --devices`: pictures of the next picks to the
/// sleep screen of each mounted e-reader with KOReader, a line each.
enum SleepScreenWriter {
    /// `fromImport`: a reader without KOReader, Pango missing or `sleepScreenCount` 0 are then
    /// notes or silence, never errors (the import is what was asked for).
    static func writeAll(roots given: [String], preset: PicturePreset?, theme: PictureTheme?, _ context: Context, fromImport: Bool) throws {
        let roots = given.isEmpty ? ImportSources.mountRoots(user: context.environment["USER"] ?? context.environment["LOGNAME"]) : given
        let paths = roots.map { Posix.absolutePath($0, home: context.paths.userHome) }
        if !fromImport, let missing = given.indices.first(where: { !Posix.isDirectory(paths[$0]) }) {
            throw FolderImportError.noRoot(given[missing])
        }
        let defaults = try SettingsFile(path: context.paths.settings).load().settings
        let count = defaults.sleepScreenCount
        if fromImport && count == 0 { return }
        // --rotation, else the setting, else the default rotation.
        let rotation = context.rotation ?? (defaults.sleepScreenRotation.isEmpty ? context.rotationName : defaults.sleepScreenRotation)
        var settings: Settings
        do { settings = try SettingsFile(path: context.paths.settings).load(rotation: rotation).settings } catch {
            // A rotation named by the setting and since renamed or removed: say which setting.
            guard context.rotation == nil, !defaults.sleepScreenRotation.isEmpty else { throw error }
            throw SleepScreenCommandError.settingNamesNoRotation(defaults.sleepScreenRotation)
        }
        if let theme { settings.pictureTheme = theme }
        if let preset, preset.size == nil { throw SleepScreenCommandError.screenPreset(preset.name) }
        let readers = context.home.readersWithKOReader(roots: paths)
        guard !readers.isEmpty else {
            if fromImport { return }
            throw SleepScreenCommandError.noReader(roots)
        }
        guard count > 0 else { throw SleepScreenCommandError.countIsZero }
        let locale = TextLanguage.locale(environment: context.environment)
        var failures = 0
        for reader in readers {
            let name = reader.model ?? ["kobo": "Kobo", "kindle": "Kindle", "pocketbook": "PocketBook"][reader.kind.rawValue]!
            do throws(SleepScreenError) {
                // --preset for a reader whose own files do not say its screen.
                let done = try context.home.writeSleepScreens(
                    reader, settings: settings, count: count, preset: reader.size == nil ? preset : nil, locale: locale)
                let total = done.written + done.unchanged
                var line =
                    "\(name) at \(reader.root): \(total) sleep-screen picture\(total == 1 ? "" : "s") (\(done.size.description)) in \(reader.folder)"
                if done.unchanged > 0 { line += ", \(done.unchanged) unchanged" }
                if done.removed > 0 { line += ", \(done.removed) old one\(done.removed == 1 ? "" : "s") removed" }
                context.out.line("\(line).")
                for file in done.leftAlone {
                    context.err.line("citefeed: note: \(reader.folder)/\(file) was not written by citefeed; it is left as it is.")
                }
                if let problem = reader.settingsProblem {
                    context.err.line(
                        "citefeed: note: KOReader on \(reader.root): \(problem); the pictures went to its own screensaver folder.")
                }
                if !reader.isShown {
                    context.err.line(
                        "citefeed: note: KOReader on \(reader.root) shows them once its sleep screen is set to: in KOReader's sleep screen settings, choose 'Show random image from folder' and the folder \(reader.folderOnDevice)."
                    )
                }
            } catch {
                failures += 1
                context.err.line("citefeed: \(fromImport ? "warning" : "error"): \(name) at \(reader.root): \(error.words)")
            }
        }
        if !fromImport && failures > 0 { throw SleepScreenCommandError.notAllWritten(failures, of: readers.count) }
    }
}

extension SleepScreenError {
    var words: String {
        switch self {
        case .unknownSize(let reader):
            let said = reader.unknownModel.map { "it is \($0), a model citefeed does not know, " } ?? "its files do not say its screen, "
            let example = ["kobo": "kobo-clara", "kindle": "kindle-paperwhite-5", "pocketbook": "pocketbook-era"][reader.kind.rawValue]!
            return
                "its screen's size is not known (\(said)and KOReader has not logged it in its crash.log); give --preset, such as \(example)."
        case .picture(let error): return error.message
        case .nothingToShow(let rotation):
            return "\(rotation.isEmpty ? "the rotation" : "rotation " + quoted(rotation)) has nothing to show."
        case .library(let error): return (error as? any CiteFeedError)?.message ?? "\(error)"
        case let .cannotWrite(folder, failure): return "cannot write in \(folder): \(failure.reason(about: folder))."
        case .offStorage(let folder): return "cannot write in \(folder): it leads off the reader's storage (through a symbolic link)."
        }
    }
}

package enum SleepScreenCommandError: CiteFeedError, Equatable {
    case noReader([String])
    case countIsZero
    case screenPreset(String)
    case settingNamesNoRotation(String)
    case notAllWritten(Int, of: Int)

    package var exitStatus: ExitStatus {
        switch self {
        case .noReader: return .notFound
        case .countIsZero, .screenPreset, .settingNamesNoRotation: return .usage
        case .notAllWritten: return .failure
        }
    }

    package var message: String {
        switch self {
        case .noReader(let roots): return "No e-reader with KOReader is mounted under \(roots.joined(separator: ", ").echoed(limit: 600))."
        case .countIsZero: return "sleepScreenCount is 0; 'citefeed defaults write sleepScreenCount 20' asks for pictures."
        case .settingNamesNoRotation(let name):
            return
                "sleepScreenRotation names rotation \(quoted(name)), which does not exist; 'citefeed rotation list' shows them, 'citefeed defaults write sleepScreenRotation NAME' chooses one."
        case .screenPreset(let name):
            return "--preset \(name) is a desktop screen's; give an e-reader's, such as kobo-clara or kindle-paperwhite-5."
        case let .notAllWritten(failed, total):
            return total == 1 ? "The reader got no pictures." : "\(failed) of the \(total) readers got no pictures."
        }
    }
}
