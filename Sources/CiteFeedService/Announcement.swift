import CiteFeedCore
import CiteFeedModel
import CiteFeedOutput
import CiteFeedStore
import CiteFeedSupport

/// What a command changed in one rotation, to announce after the commit.
package struct Announcement {
    package var settings: Settings
    package var directory: String
    /// The output files rewritten.
    package var written: Set<String> = []
    /// The new pick to notify of, if any (only inside the active hours and days).
    package var pick: PickSnapshot?
    /// `citefeed publish`: run the publish command and ping the hub for every feed, changed or not.
    package var everything = false
    /// The pictures to make beside the feeds (`pictures`), before the publish command runs.
    package var pictures: PictureOrder?

    package init(settings: Settings, directory: String, everything: Bool = false) {
        self.settings = settings
        self.directory = directory
        self.everything = everything
    }
}

extension Home {
    /// The pictures to make for what `announcements` holds (read before `announcementJobs`,
    /// which empties it).
    package func pictureOrders() -> [PictureOrder] {
        announcements.sorted { $0.key < $1.key }.compactMap(\.value.pictures)
    }

    /// The publish commands to run because pictures were made after the jobs were worked out:
    /// for each rotation of `changed` (its pictures written) whose jobs run no publish command
    /// yet, a job that runs it (its pending marker written first, as for any).
    package func publishJobs(forPictures changed: [(order: PictureOrder, written: [String])], besides jobs: [AnnouncementJob])
        -> [AnnouncementJob]
    {
        let all = (try? SettingsFile(path: paths.settings).loadAll()) ?? []
        for (order, written) in changed where !written.isEmpty {
            guard !jobs.contains(where: { $0.label == order.label && $0.publishCommand != nil }),
                let settings = all.first(where: { $0.rotation == order.rotation }), !settings.publishCommand.isEmpty
            else { continue }
            var announcement = Announcement(settings: settings, directory: order.directory)
            announcement.written = Set(written)
            announcements[order.rotation] = announcement
        }
        return announcementJobs()
    }

    /// The wallpaper commands to run because pictures were made: for each rotation of `changed`
    /// (its pictures written) with a `wallpaperCommand`, a job that runs it, before any other
    /// job (a publish command may take two minutes; the desktop should not wait for it).
    package func wallpaperJobs(forPictures changed: [(order: PictureOrder, written: [String])]) -> [AnnouncementJob] {
        guard changed.contains(where: { !$0.written.isEmpty }) else { return [] }
        let all = (try? SettingsFile(path: paths.settings).loadAll()) ?? []
        return changed.compactMap { order, written in
            guard !written.isEmpty, let settings = all.first(where: { $0.rotation == order.rotation }), !settings.wallpaperCommand.isEmpty
            else { return nil }
            var job = AnnouncementJob(label: order.label, directory: order.directory, marker: "")
            job.wallpaperCommand = settings.wallpaperCommand
            return job
        }
    }

    /// The jobs for what `announcements` holds (which it empties). The pending marker of each
    /// publish command to run and the record of what it was configured with are written here,
    /// before it runs, so that a run killed half-way loses no publish.
    package func announcementJobs() -> [AnnouncementJob] {
        let pending = announcements.sorted { $0.key < $1.key }
        announcements = [:]
        var jobs: [AnnouncementJob] = []
        for (name, a) in pending {
            let s = a.settings
            var job = AnnouncementJob(
                label: name.isEmpty ? "" : "rotation \(name): ", directory: a.directory, marker: paths.publishPending(rotation: name))
            if let pick = a.pick, s.notify { job.notification = Announcer.notification(pick, settings: s) }
            let record = paths.publishedWith(rotation: name)
            let configured =
                JSONWriter.compact(.array((s.publishCommand + [s.feedHub, s.feedURL, a.directory]).map(JSONValue.string))) + "\n"
            var changedSettings = false
            if s.publishCommand.isEmpty && s.feedHub.isEmpty {
                if access(record, F_OK) == 0 { unlink(record) }
            } else {
                changedSettings =
                    Posix.readText(record, limit: 1 << 20) != configured
            }
            let everything = a.everything || changedSettings
            if !s.publishCommand.isEmpty && (everything || !a.written.isEmpty || access(job.marker, F_OK) == 0) {
                job.publishCommand = s.publishCommand
                // The marker names this run: an older run that succeeds later leaves a newer
                // run's marker (whose outputs it did not publish) in place.
                job.markerToken = "\(a.directory)\n\(UUIDString.random())\n"
                try? AtomicWriter.write(Array(job.markerToken.utf8), to: job.marker, mode: 0o644)
            }
            let feeds = OutputSet.feedNames.filter { everything || a.written.contains($0) }
            if !s.feedHub.isEmpty, !s.feedURL.isEmpty, !feeds.isEmpty {
                let base = s.feedURL.hasSuffix("/") ? s.feedURL : s.feedURL + "/"
                job.hub = s.feedHub.uriEncoded
                job.feeds = feeds.map { (base + $0).uriEncoded }
            }
            if changedSettings { try? AtomicWriter.write(Array(configured.utf8), to: record, mode: 0o644) }
            if !job.isEmpty { jobs.append(job) }
        }
        return jobs
    }
}
