import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

extension Context {
    /// The name under which a detached citefeed runs announcements it reads from standard input.
    static let detachedAnnouncer = "__announce"

    /// How long all of a command's announcements may take: `CITEFEED_ANNOUNCE_LIMIT` seconds
    /// (1 to 3600), else `Announcer.defaultLimit`.
    var announceLimit: Int {
        environment["CITEFEED_ANNOUNCE_LIMIT"].flatMap(Int.init).flatMap { (1...3600).contains($0) ? $0 : nil } ?? Announcer.defaultLimit
    }

    /// Tells the world of what the command changed, once it is committed: a notification for
    /// each new pick of a rotation with `notify`, its `publishCommand` when its outputs changed
    /// (or it has not succeeded since, or it or the hub changed), the hub of each changed feed.
    /// What a bar calls runs them detached (`announceInBackground`), after its line; the rest
    /// in the foreground, within one limit. Failures are warnings (in the foreground) or lines
    /// of `announce.log` (detached).
    /// The pictures of rotations with `pictures` are made first (then their wallpaper command
    /// runs, and the publish command publishes them). Returns the pictures made in the
    /// foreground, and what each wrote.
    @discardableResult
    func announce() -> [(order: PictureOrder, written: [String])] {
        let pictures = home.pictureOrders()
        let jobs = home.announcementJobs()
        guard !jobs.isEmpty || !pictures.isEmpty else { return [] }
        if announceInBackground && canDetach {
            // A bar never waits: when no detached run can start, nothing runs now, and the
            // publish commands' pending markers (written above) make the next rotate run them.
            if !home.detachAnnouncements(
                jobs, pictures: pictures, limit: announceLimit, argument: Context.detachedAnnouncer, environment: environment)
            {
                warn(
                    "the announcements were not run: \(paths.announceLog) or \(paths.announceLock) cannot be used (they must be regular files); the next rotate runs the publish command"
                )
            }
            return []
        }
        let changed = Self.makePictures(pictures, environment: environment) { warn($0) }
        let more = home.publishJobs(forPictures: changed, besides: jobs)
        Announcer.run(home.wallpaperJobs(forPictures: changed) + jobs + more, limit: announceLimit, environment: environment) { warn($0) }
        return changed
    }

    /// Makes the pictures of `orders`, each failure a warning; returns what each wrote.
    static func makePictures(_ orders: [PictureOrder], environment: [String: String], warn: (String) -> Void) -> [(
        order: PictureOrder, written: [String]
    )] {
        orders.map { order in
            do throws(PictureOrderFailure) { return (order, try order.write(environment: environment)) } catch {
                warn(error.message)
                return (order, [])
            }
        }
    }

    /// The detached citefeed: runs the announcements on standard input, logging to standard
    /// error (`announce.log`), and lets go of the lock (descriptor 3) when it ends.
    func runDetachedAnnouncements() {
        _ = fcntl(3, F_SETFD, FD_CLOEXEC)  // the programs it runs must not hold the lock
        let log = { (message: String) in self.err.write(data: AnnouncementLog.line(message)) }
        guard let input = try? readStandardInputBytes(), let json = try? JSONParser.parse(input), case .int(let limit)? = json["limit"],
            let items = json["jobs"]?.arrayValue
        else { return log("warning: the announcements handed over could not be read") }
        let jobs = items.compactMap(AnnouncementJob.init(json:))
        let pictures = (json["pictures"]?.arrayValue ?? []).compactMap(PictureOrder.init(json:))
        let labels = jobs.map(\.label) + pictures.map(\.label).filter { label in !jobs.contains { $0.label == label } }
        log("announcing for \(labels.map { $0.isEmpty ? "the default rotation" : String($0.dropLast(2)) }.joined(separator: ", "))")
        let changed = Self.makePictures(pictures, environment: environment) { log("warning: " + $0) }
        let more = home.publishJobs(forPictures: changed, besides: jobs)
        Announcer.run(home.wallpaperJobs(forPictures: changed) + jobs + more, limit: Int(limit), environment: environment) {
            log("warning: " + $0)
        }
        log("done")
    }
}

extension Context {
    /// Sends each rotation's digest that is due (`digestTo`, `digestTime`), within the
    /// announcements' time; a failure is a warning, the digest kept for the next rotate.
    func sendDigests(_ rotations: [Settings]) {
        let deadline = Posix.monotonicMilliseconds() + Int64(announceLimit) * 1000
        for settings in rotations {
            if let warning = home.sendDigestIfDue(settings, environment: environment, deadline: deadline, words: Context.words) {
                warn((settings.rotation.isEmpty ? "" : "rotation \(settings.rotation): ") + warning)
            }
        }
    }

    /// An error of the digest's in the command line's words.
    static func words(_ error: any Error) -> String {
        switch error {
        case let error as DigestDeliveryError: error.message
        case let error as IOFailure: error.message
        case let error as any CiteFeedError: error.message
        default: "\(error)"
        }
    }
}
