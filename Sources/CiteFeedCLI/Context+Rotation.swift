import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

extension Context {
    /// The rotation of the library under the settings in force, now.
    func rotation(_ library: Library, settings: Settings? = nil) throws -> RotationService {
        let settings = try settings ?? self.settings()
        return RotationService(library: library, settings: settings, now: try now(), name: settings.rotation)
    }

    /// Renders and writes the outputs for `state` (into `directory`, or the configured one).
    /// `newPick`: the state's pick was just made by the schedule or `next`, so it is announced
    /// (`notify`). The announcements wait for `announce()`, after the commit.
    @discardableResult
    func publish(_ state: RotationState, _ library: Library, settings: Settings? = nil, directory: String? = nil, newPick: Bool = false) throws -> (
        directory: String, written: [String]
    ) {
        let rotation = try self.rotation(library, settings: settings)
        let configured = paths.outputDirectory(rotation.settings)
        let directory = directory ?? configured
        let result = try rotation.publish(
            state, directory: directory, currentFile: paths.current(rotation: rotation.name), version: CLI.version)
        let written = result.written
        warnRefused(result.refused, in: directory)
        note(rotation.settings, wrote: written, in: directory, configured: configured)
        if newPick, let pick = state.pick, rotation.timetable.slot(at: rotation.now).active {
            announcements[rotation.name]?.pick = pick.snapshot
        }
        return (directory, written)
    }

    /// Says which outputs were left alone because citefeed did not write the files there.
    private func warnRefused(_ names: [String], in directory: String) {
        guard !names.isEmpty else { return }
        warn(
            "\(names.joined(separator: " ")) in \(directory) \(names.count == 1 ? "was" : "were") left alone: citefeed did not write \(names.count == 1 ? "that file" : "those files") (\(OutputManifest.name) lists what it wrote); move \(names.count == 1 ? "it" : "them") away, or choose another directory with 'citefeed defaults write outputDirectory DIR'."
        )
    }

    /// Notes for `announce()` the outputs written for the rotation of `settings`. A one-off
    /// directory (`rotate --out`) is neither published nor announced to the hub.
    private func note(_ settings: Settings, wrote written: [String], in directory: String, configured: String) {
        var announcement = announcements[settings.rotation] ?? Announcement(settings: settings, directory: configured)
        announcement.settings = settings
        if directory == configured { announcement.written.formUnion(written) }
        announcements[settings.rotation] = announcement
    }

    /// For a rotation in review mode (issue 14): works out what its bar shows now (the next
    /// card, its back still revealed if it is the same card) and writes the outputs and saved
    /// state. Runs in the caller's transaction.
    @discardableResult
    func publishReview(_ library: Library, settings: Settings, revealed: Bool? = nil) throws -> CurrentFile {
        try publishReviewReporting(library, settings: settings, revealed: revealed).current
    }

    /// `publishReview`, with where the outputs went and which were written.
    func publishReviewReporting(_ library: Library, settings: Settings, revealed: Bool? = nil, directory override: String? = nil) throws -> (
        current: CurrentFile, directory: String, written: [String]
    ) {
        let saved = OutputDirectory.readCurrent(paths.current(rotation: settings.rotation))
        var current = try StudyService(library: library, settings: settings, now: try now(), deck: settings).barState()
        if current.pick != nil, var review = current.review {
            review.revealed = revealed ?? (saved?.review?.revealed == true && saved?.pick?.id == current.pick?.id)
            current.review = review
        }
        let (directory, written) = try writeReview(current, library, settings: settings, directory: override)
        return (current, directory, written)
    }

    /// Writes the outputs and saved state of a rotation in review mode showing `current`.
    @discardableResult
    func writeReview(_ current: CurrentFile, _ library: Library, settings: Settings, directory override: String? = nil) throws -> (
        directory: String, written: [String]
    ) {
        let rotation = try self.rotation(library, settings: settings)
        let configured = paths.outputDirectory(settings)
        let directory = override ?? configured
        let result = try rotation.publishReview(
            current, directory: directory, currentFile: paths.current(rotation: settings.rotation), version: CLI.version)
        let written = result.written
        warnRefused(result.refused, in: directory)
        note(settings, wrote: written, in: directory, configured: configured)
        return (directory, written)
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
                if settings.mode == .review {
                    try publishReview(library, settings: settings)
                    continue
                }
                if !canChangeShown, try library.emptySince(rotation: settings.rotation) == nil { continue }
                if let state = try rotation(library, settings: settings).refresh() {
                    try publish(state, library, settings: settings)
                }
            }
            return result
        }
    }
}

extension Context {
    /// Refuses settings in which two rotations write to one directory: each would overwrite the
    /// other's outputs on every run, and removing one would remove the other's (issue 20).
    func checkOutputDirectories(_ all: [Settings]) throws {
        var seen: [String: String] = [:]
        for settings in all {
            let directory = paths.outputDirectory(settings)
            if let other = seen[directory] { throw OutputDirectoryConflict(first: other, second: settings.rotation, directory: directory) }
            seen[directory] = settings.rotation
        }
    }
}

/// Two rotations that would write to one directory.
struct OutputDirectoryConflict: CiteFeedError {
    var first: String
    var second: String
    var directory: String
    var exitStatus: ExitStatus { .usage }
    var message: String {
        "\(ReviewBarError.Name(first)) and \(ReviewBarError.name(second)) would both write to \(directory); give one its own with 'citefeed defaults write outputDirectory DIR --rotation \(second.isEmpty ? first : second)'."
    }
}
