import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedStore
import CiteFeedSupport

extension Home {
    /// Sets `key` of `rotation` to `value` (checked by `SettingKey.parse`): every rotation's
    /// outputs follow the new settings, and `settings.json` is written last, in the same
    /// transaction, under its lock; a failure leaves both as they were.
    package func writeSetting(_ key: SettingKey, _ value: JSONValue, rotation: String) throws {
        let file = SettingsFile(path: paths.settings)
        // A rotation that is not there is refused before anything (`isSet` names it).
        if !rotation.isEmpty { _ = try file.isSet(key, rotation: rotation) }
        if key.isLibrarys && !rotation.isEmpty { throw SettingsError.librarysOnly(key: key.rawValue, rotation: rotation) }
        // A notes folder is a folder of its own, there now, and not one citefeed owns.
        if key == .notesFolder, case .string(let given) = value, !given.isEmpty {
            let path = Posix.absolutePath(given, home: paths.userHome)
            guard Posix.isDirectory(path) else { throw NotesError.notAFolder(path) }
            try checkNotesFolder(path)
        }
        try file.editing {
            try change(settings: try file.settings(applying: key, value, rotation: rotation)) { library in
                try file.write(key, value, rotation: rotation)
                if key == .outputDirectory { try checkOutputDirectories(try file.loadAll()) }
                // New parameters: every card's memory as they make it from its answers.
                if key.isLibrarysParameters { try replayCards(library, with: try file.load(rotation: "").settings) }
            }
        }
    }

    /// Sets `key` of `rotation` to what `value` makes of its settings as they are under the
    /// settings' lock (a read, change and write that another command cannot come between), as
    /// `writeSetting` does; `value` returns `nil` to leave it as it is. Whether it changed.
    @discardableResult
    package func updateSetting(_ key: SettingKey, rotation: String, _ value: (Settings) throws -> JSONValue?) throws -> Bool {
        let file = SettingsFile(path: paths.settings)
        return try file.editing {
            guard let value = try value(try file.load(rotation: rotation).settings) else { return false }
            try change(settings: try file.settings(applying: key, value, rotation: rotation)) { _ in
                try file.write(key, value, rotation: rotation)
            }
            return true
        }
    }

    /// Restores `key`'s default for `rotation` as `writeSetting` changes it; `false` (and
    /// nothing done) when `rotation` did not set it.
    @discardableResult
    package func deleteSetting(_ key: SettingKey, rotation: String) throws -> Bool {
        let file = SettingsFile(path: paths.settings)
        guard try file.isSet(key, rotation: rotation) else { return false }
        try file.editing {
            try change(settings: try file.settings(applying: key, nil, rotation: rotation)) { library in
                try file.delete(key, rotation: rotation)
                if key.isLibrarysParameters { try replayCards(library, with: try file.load(rotation: "").settings) }
            }
        }
        return true
    }

    /// Adds the rotation `name` (already validated), with the default rotation's settings;
    /// returns where its outputs go.
    package func addRotation(_ name: String) throws -> String {
        let file = SettingsFile(path: paths.settings)
        try file.editing { try file.addRotation(name) }
        return paths.outputDirectory(try file.load(rotation: name).settings)
    }

    /// Removes the rotation `name`: its settings and history, and its saved pick; with
    /// `deleteOutputs`, what citefeed wrote in its output directory (and the directory, if
    /// citefeed made it). Returns the directory and, when deleting, the files removed.
    /// `existed`: whether its output directory was there (a rotation never rotated has none).
    package func removeRotation(_ name: String, deleteOutputs: Bool) throws -> (directory: String, removed: [String]?, existed: Bool) {
        let file = SettingsFile(path: paths.settings)
        let directory = paths.outputDirectory(try file.load(rotation: name).settings)  // an unknown name stops here
        let existed = Posix.isDirectory(directory)
        let library = try library()
        // The history goes in the transaction; the settings last, put back if the rest fails.
        try file.editing {
            try library.write {
                try library.removeRotation(name)
                try file.removeRotation(name)
            }
        }
        unlink(paths.current(rotation: name))
        return (directory, deleteOutputs ? OutputDirectory(path: directory).removeOutputs() : nil, existed)
    }

    /// `rotate --all`: every rotation in one transaction (one commit instead of one per
    /// rotation: 5 rotations at 100k took 2.7 × one rotate in separate ones), each in a
    /// savepoint of its own, so one that fails (its directory cannot be written) is undone
    /// alone and the others are kept. `each` hears each rotation's result as it comes; a
    /// library that is locked or damaged stops them all. Returns the failures, in order.
    package func rotateAll(_ all: [Settings], each: (Settings, Result<Rotated, any Error>) throws -> Void) throws -> [(
        settings: Settings, error: any Error
    )] {
        try checkOutputDirectories(all)
        var failures: [(settings: Settings, error: any Error)] = []
        let library = try libraryWithStarterSet()
        try library.write {
            for settings in all {
                do {
                    try library.write { try each(settings, .success(try rotate(settings))) }
                } catch let error as StoreError {
                    throw error
                } catch {
                    announcements[settings.rotation] = nil
                    failures.append((settings, error))
                    try each(settings, .failure(error))
                }
            }
        }
        return failures
    }
}
