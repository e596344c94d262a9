import CiteFeedCore
import CiteFeedModel
import CiteFeedOutput
import CiteFeedStore
import CiteFeedSupport

extension Home {
    /// Renames rotation `old` to `new` in the settings and the library's history, moves its
    /// outputs when they are in the default place (which follows the name), and writes them
    /// again (their addresses, `file://…/NEW/`, changed). All or nothing: a failure puts the
    /// settings, the history and the directory back. Returns the directory of its outputs now.
    package func renameRotation(_ old: String, to new: String) throws -> String {
        let file = SettingsFile(path: paths.settings)
        let before = paths.outputDirectory(try file.load(rotation: old).settings)  // an unknown OLD stops here
        guard try !file.rotationNames().contains(new) else { throw SettingsError.rotationExists(new) }
        let library = try library()
        var after = before
        var moved = false
        defer {
            // A failure after the move puts the directory back with the rest.
            if moved { rename(after, before) }
        }
        try file.editing {
            try library.write {
                try library.renameRotation(old, to: new)
                try file.renameRotation(old, to: new)
                let settings = try file.load(rotation: new).settings
                after = paths.outputDirectory(settings)
                // Outputs in the default place move with the name (not over another directory).
                if after != before && Posix.fileExists(before) && !Posix.fileExists(after) {
                    guard rename(before, after) == 0 else { throw OutputError.cannotCreate(after, IOFailure(.system(errno))) }
                    moved = true
                }
                let current = paths.current(rotation: old)
                if Posix.fileExists(current) { rename(current, paths.current(rotation: new)) }
                if settings.mode == .review {
                    _ = try publishReview(library, settings: settings)
                } else if let state = try rotation(library, settings: settings).refresh() {
                    try publish(state, library, settings: settings)
                }
            }
        }
        moved = false
        return after
    }

    /// After answers given outside the bar (`study`): every rotation in review mode works out
    /// its card anew and writes its outputs, else a bar would go on showing a card just answered.
    package func refreshReviewRotations() throws {
        let reviewing = try SettingsFile(path: paths.settings).loadAll().filter { $0.mode == .review }
        guard !reviewing.isEmpty else { return }
        let library = try library()
        try library.write {
            for settings in reviewing { _ = try publishReview(library, settings: settings) }
        }
    }
}
