extension Context {
    /// The rotation of the library under the settings in force, now.
    func rotation(_ library: Library, settings: Settings? = nil) throws -> RotationService {
        let settings = try settings ?? self.settings()
        return RotationService(library: library, settings: settings, now: try now(), name: settings.rotation)
    }

    /// Renders and writes the outputs for `state` (into `directory`, or the configured one).
    @discardableResult
    func publish(_ state: RotationState, _ library: Library, settings: Settings? = nil, directory: String? = nil) throws -> (
        directory: String, written: [String]
    ) {
        let rotation = try self.rotation(library, settings: settings)
        let directory = directory ?? paths.outputDirectory(rotation.settings)
        return (
            directory, try rotation.publish(state, directory: directory, currentFile: paths.current(rotation: rotation.name), version: CLI.version)
        )
    }

    /// Runs a change to the library and its consequences in one transaction: if the change made
    /// the shown citation ineligible, a new pick; if it changed what is shown, its snapshot; and
    /// in any case the outputs rewritten where they differ, so `status` never needs the library
    /// to be right. Nothing of this happens before rotation was first used.
    ///
    /// `canChangeShown: false` is for changes that cannot touch what is shown (a new citation):
    /// they only matter when nothing was eligible to show, and skip the rest.
    @discardableResult
    func changeLibrary<T>(settings: Settings? = nil, canChangeShown: Bool = true, _ body: (Library) throws -> T) throws -> T {
        let library = try library()
        return try library.write {
            let result = try body(library)
            // Every rotation follows the change: the one in use with `settings` (the new ones of
            // `defaults write`), the others with theirs.
            // The others are read after the change, in one reading of the file.
            let selected = try settings ?? self.settings()
            let others = try SettingsFile(path: paths.settings).loadAll().filter { $0.rotation != selected.rotation }
            for settings in [selected] + others {
                if !canChangeShown, try library.emptySince(rotation: settings.rotation) == nil { continue }
                if let state = try rotation(library, settings: settings).refresh() {
                    try publish(state, library, settings: settings)
                }
            }
            return result
        }
    }
}
