import CiteFeedCore
import CiteFeedModel
import CiteFeedOutput
import CiteFeedStore
import CiteFeedSupport

/// One citefeed home (`CITEFEED_HOME`) as every front end uses it: its paths, clock, settings
/// and library, and the use cases on them. A change to the library refreshes every rotation it
/// affects and writes their outputs; rotate, next, reveal and grade check the rotation's mode
/// here, once; what is to be announced is kept in `announcements` for after the commit, and
/// what a front end should tell its user goes to `notice` as values (`HomeNotice`), for it to
/// word. Nothing here prints, reads a terminal or knows an exit status.
package final class Home {
    package let paths: Paths
    /// The program's version, written into the outputs.
    package let version: String
    private let clock: () throws -> Timestamp
    private let settingsInForce: () throws -> Settings
    private let openLibrary: () throws -> Library
    /// Told what the user should know (outputs left alone, a starter set added).
    package var notice: (HomeNotice) -> Void = { _ in }
    /// Closes the library the front end opened and keeps (`library`), so that it can be
    /// removed (`leavingNoNewLibrary`).
    package var closeLibrary: () -> Void = {}
    /// What the changes so far give the world outside, by rotation: taken after the commit
    /// (`announcementJobs`).
    package var announcements: [String: Announcement] = [:]

    /// `settings`: the settings in force for the rotation the front end works on; `library`:
    /// the library, opened (and created) on first use.
    package init(
        paths: Paths, version: String, clock: @escaping () throws -> Timestamp, settings: @escaping () throws -> Settings,
        library: @escaping () throws -> Library
    ) {
        self.paths = paths
        self.version = version
        self.clock = clock
        self.settingsInForce = settings
        self.openLibrary = library
    }

    package func now() throws -> Timestamp { try clock() }
    package func settings() throws -> Settings { try settingsInForce() }
    package func library() throws -> Library { try openLibrary() }

    /// The library, filled with the starter set if it never held a citation.
    package func libraryWithStarterSet() throws -> Library {
        let library = try library()
        let added = try library.fillStarterSetIfNew(now: try now())
        if added > 0 { notice(.starterSetAdded(added)) }
        return library
    }

    /// The rotation of the library under the settings in force, now.
    package func rotation(_ library: Library, settings: Settings? = nil) throws -> RotationService {
        let settings = try settings ?? self.settings()
        return RotationService(library: library, settings: settings, now: try now(), name: settings.rotation)
    }

    // MARK: The rotation's mode, checked once

    /// Throws unless the rotation of `settings` rotates citations (`next`, `rotate`'s pick).
    package func requireRotating(_ settings: Settings) throws(ReviewBarError) {
        if settings.mode == .review { throw .reviewMode(settings.rotation) }
    }

    /// Throws unless the rotation of `settings` reviews cards (`reveal`, `grade`).
    /// The error names the rotations that do review, where there are some (`grade` without
    /// `--rotation` while the cards are in rotation "cards").
    package func requireReviewing(_ settings: Settings) throws(ReviewBarError) {
        guard settings.mode != .review else { return }
        let reviewing = ((try? SettingsFile(path: paths.settings).loadAll()) ?? []).filter { $0.mode == .review }.map(\.rotation)
        throw .rotateMode(settings.rotation, reviewing: reviewing)
    }

    // MARK: Use cases

    /// What the bar of the rotation of `settings` shows now: the saved state while it holds,
    /// else a rotation (or, reviewing, the next card) first, its outputs written. What it
    /// changed is announced by the caller, after its line, never inside a transaction.
    /// `time`: the moment to show (a follower's clock runs), else the home's.
    package func shown(_ settings: Settings, at time: Timestamp? = nil) throws -> CurrentFile {
        let now = try time ?? now()
        let saved = OutputDirectory.readCurrent(paths.current(rotation: settings.rotation))
        if settings.mode == .review {
            if let saved, saved.review != nil, saved.slot.start <= now, now < saved.slot.end { return saved }
            let library = try libraryWithStarterSet()
            return try library.write { try publishReview(library, settings: settings).current }
        }
        let slot = Timetable(settings).slot(at: now).slot
        if let saved, saved.slot == slot { return saved }
        let library = try libraryWithStarterSet()
        let rotation = RotationService(library: library, settings: settings, now: now, name: settings.rotation)
        return try library.write {
            let (state, picked) = try rotation.ensureCurrent()
            try publish(state, library, settings: settings, newPick: picked)
            return CurrentFile(slot: state.slot, pick: state.pick?.snapshot)
        }
    }

    /// `rotate` for one rotation: its pick of the current slot (or, reviewing, its card), the
    /// outputs written to `directory` (else the configured one). Runs in the caller's
    /// transaction, or one of its own.
    package func rotate(_ settings: Settings, directory: String? = nil) throws -> Rotated {
        let library = try libraryWithStarterSet()
        return try library.write {
            if settings.mode == .review {
                let (current, written) = try publishReview(library, settings: settings, directory: directory)
                return .reviewing(current, written)
            }
            let (state, picked) = try rotation(library, settings: settings).ensureCurrent()
            return .rotating(state, try publish(state, library, settings: settings, directory: directory, newPick: picked))
        }
    }

    /// `next`: the pick of the next slot shown now, its outputs written.
    package func next(_ settings: Settings) throws -> (state: RotationState, written: Written) {
        try requireRotating(settings)
        let library = try libraryWithStarterSet()
        return try library.write {
            let state = try rotation(library, settings: settings).next()
            return (state, try publish(state, library, settings: settings, newPick: true))
        }
    }

    /// `reveal`: the back of the card shown, turned over in the outputs.
    package func reveal(_ settings: Settings) throws -> CurrentFile {
        try requireReviewing(settings)
        let library = try libraryWithStarterSet()
        return try library.write {
            var shown = try self.shown(settings)
            guard shown.pick != nil, var review = shown.review else { throw ReviewBarError.noCardShown }
            review.revealed = true
            shown.review = review
            try writeReview(shown, library, settings: settings)
            return shown
        }
    }

    /// `grade`: answers the card shown, if its back was seen, and shows the next one.
    package func grade(_ grade: Grade, _ settings: Settings) throws -> Graded {
        try requireReviewing(settings)
        let now = try now()
        let library = try libraryWithStarterSet()
        return try library.write {
            let shown = try self.shown(settings)
            guard let card = shown.pick else { throw ReviewBarError.noCardShown }
            // Answered since the bar showed it (in `study`, say): the click was for an old card.
            if let last = try library.reviews(of: card.id).last, last.reviewedAt >= shown.slot.start {
                try publishReview(library, settings: settings)
                throw ReviewBarError.answeredMeanwhile(card.id)
            }
            if try library.citation(id: card.id).isArchived { throw StudyError.suspended(card.id) }
            // Only a card whose back was seen: a bar cannot pass the id it shows, and a scroll
            // fires several events, so a second grade must not answer the next card unseen.
            guard shown.review?.revealed == true else { return .notRevealed(card.id) }
            let result = try StudyService(library: library, settings: settings, now: now).grade(card.id, grade)
            let next = try publishReview(library, settings: settings, revealed: false).current
            return .graded(before: result.before, after: result.after, next: next)
        }
    }

    /// Runs a change to the library and its consequences in one transaction: if the change made
    /// the shown citation ineligible, a new pick; if it changed what is shown, its snapshot; and
    /// in any case the outputs rewritten where they differ, so `status` never needs the library
    /// to be right. Nothing of this happens before rotation was first used. Every rotation
    /// follows the change: the one in use with `settings` (the new ones of `defaults write`),
    /// the others with theirs, read after the change.
    ///
    /// `canChangeShown: false` is for changes that cannot touch what is shown (a new citation):
    /// they only matter when nothing was eligible to show, and skip the rest.
    @discardableResult
    package func change<T>(settings: Settings? = nil, canChangeShown: Bool = true, _ body: (Library) throws -> T) throws -> T {
        let library = try library()
        return try library.write {
            let result = try body(library)
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

    /// `publish`: the publish command and hub of each of `rotations` run for everything they
    /// have written, changed or not, when announced.
    package func publishEverything(_ rotations: [Settings]) {
        for settings in rotations {
            announcements[settings.rotation] = Announcement(
                settings: settings, directory: paths.outputDirectory(settings), everything: true)
        }
    }

    /// Refuses settings in which two rotations write to one directory: each would overwrite the
    /// other's outputs on every run, and removing one would remove the other's.
    package func checkOutputDirectories(_ all: [Settings]) throws(OutputDirectoryConflict) {
        var seen: [String: String] = [:]
        for settings in all {
            let directory = paths.outputDirectory(settings)
            if let other = seen[directory] { throw OutputDirectoryConflict(first: other, second: settings.rotation, directory: directory) }
            seen[directory] = settings.rotation
        }
    }

    // MARK: Outputs

    /// Renders and writes the outputs for `state` (into `directory`, or the configured one).
    /// `newPick`: the state's pick was just made by the schedule or `next`, so it is announced
    /// (`notify`).
    @discardableResult
    package func publish(
        _ state: RotationState, _ library: Library, settings: Settings? = nil, directory: String? = nil, newPick: Bool = false
    ) throws -> Written {
        let rotation = try self.rotation(library, settings: settings)
        let configured = paths.outputDirectory(rotation.settings)
        let directory = directory ?? configured
        let result = try rotation.publish(
            state, directory: directory, currentFile: paths.current(rotation: rotation.name), version: version)
        if !result.refused.isEmpty { notice(.outputsLeftAlone(result.refused, directory: directory)) }
        note(rotation.settings, wrote: result.written, in: directory, configured: configured)
        if newPick, let pick = state.pick, rotation.timetable.slot(at: rotation.now).active {
            announcements[rotation.name]?.pick = pick.snapshot
        }
        let s = rotation.settings
        if !s.pictures.isEmpty, s.mode == .rotate, directory == configured, let pick = state.pick {
            announcements[rotation.name]?.pictures = PictureOrder(
                label: rotation.name.isEmpty ? "" : "rotation \(rotation.name): ", rotation: rotation.name, directory: directory,
                presets: s.pictures,
                pick: pick.snapshot, pickedAt: pick.pickedAt, pickID: pick.id,
                lock: Posix.parentDirectory(paths.library) + "/pictures.lock",
                theme: s.pictureTheme, margins: s.pictureMargins, background: s.pictureBackground)
        }
        return Written(directory: directory, files: result.written)
    }

    /// For a rotation in review mode: works out what its bar shows now (the next
    /// card, its back still revealed if it is the same card) and writes the outputs and saved
    /// state (into `directory`, or the configured one). Runs in the caller's transaction.
    @discardableResult
    package func publishReview(_ library: Library, settings: Settings, revealed: Bool? = nil, directory: String? = nil) throws -> (
        current: CurrentFile, written: Written
    ) {
        let saved = OutputDirectory.readCurrent(paths.current(rotation: settings.rotation))
        var current = try StudyService(library: library, settings: settings, now: try now(), deck: settings).barState()
        if current.pick != nil, var review = current.review {
            review.revealed = revealed ?? (saved?.review?.revealed == true && saved?.pick?.id == current.pick?.id)
            current.review = review
        }
        return (current, try writeReview(current, library, settings: settings, directory: directory))
    }

    /// Writes the outputs and saved state of a rotation in review mode showing `current`.
    @discardableResult
    package func writeReview(_ current: CurrentFile, _ library: Library, settings: Settings, directory override: String? = nil) throws
        -> Written
    {
        let rotation = try self.rotation(library, settings: settings)
        let configured = paths.outputDirectory(settings)
        let directory = override ?? configured
        let result = try rotation.publishReview(
            current, directory: directory, currentFile: paths.current(rotation: settings.rotation), version: version)
        if !result.refused.isEmpty { notice(.outputsLeftAlone(result.refused, directory: directory)) }
        note(settings, wrote: result.written, in: directory, configured: configured)
        return Written(directory: directory, files: result.written)
    }

    /// Notes for the announcements the outputs written for the rotation of `settings`. A
    /// one-off directory (`rotate --out`) is neither published nor announced to the hub.
    private func note(_ settings: Settings, wrote written: [String], in directory: String, configured: String) {
        var announcement = announcements[settings.rotation] ?? Announcement(settings: settings, directory: configured)
        announcement.settings = settings
        if directory == configured { announcement.written.formUnion(written) }
        announcements[settings.rotation] = announcement
    }
}
