import CiteFeedCore
import CiteFeedModel
import CiteFeedOutput
import CiteFeedStore
import CiteFeedSupport

/// What became of a rotation's scheduled digests, kept beside the library (`Paths.digestRecord`):
/// the period last sent (so it is never sent twice), and the failure of the last try, if the
/// latest one failed (its message waits in `Paths.digestPending`).
package struct DigestRecord: Equatable, Sendable {
    /// The start of the period last sent, and when, and to whom.
    package var sentPeriod: Int64?
    package var sentAt: Int64?
    package var sentTo: String?
    /// The period of the digest waiting to be sent and its address, since when, and why the
    /// last try failed.
    package var pendingPeriod: Int64?
    package var pendingTo: String?
    package var failingSince: Int64?
    package var failure: String?

    package init() {}

    init(_ value: JSONValue) {
        func int(_ key: String) -> Int64? { if case .int(let n)? = value[key] { n } else { nil } }
        sentPeriod = int("sentPeriod")
        sentAt = int("sentAt")
        sentTo = value["sentTo"]?.stringValue
        pendingPeriod = int("pendingPeriod")
        pendingTo = value["pendingTo"]?.stringValue
        failingSince = int("failingSince")
        failure = value["failure"]?.stringValue
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if let sentPeriod { members.append(("sentPeriod", .int(sentPeriod))) }
        if let sentAt { members.append(("sentAt", .int(sentAt))) }
        if let sentTo { members.append(("sentTo", .string(sentTo))) }
        if let pendingPeriod { members.append(("pendingPeriod", .int(pendingPeriod))) }
        if let pendingTo { members.append(("pendingTo", .string(pendingTo))) }
        if let failingSince { members.append(("failingSince", .int(failingSince))) }
        if let failure { members.append(("failure", .string(failure))) }
        return .object(members)
    }
}

extension Home {
    /// The digest of the rotation of `settings`, now: its next `count` picks (what the bar will
    /// show, `upcoming`), the cards due today and yesterday's study, addressed to `to`.
    /// `period`: the start of the period it is for (its Message-ID), else now.
    package func composeDigest(_ settings: Settings, to: String, count: Int, period: Timestamp? = nil) throws -> String {
        let library = try libraryWithStarterSet()
        let now = try now()
        // Each citation once, though a small library comes round again within `count` slots.
        var seen: Set<Int64> = []
        let picks = try rotation(library, settings: settings).upcoming(count).filter { seen.insert($0.citation.id).inserted }.map {
            PickSnapshot($0.citation)
        }
        let study = try StudyService(library: library, settings: settings, now: now).digest()
        let local = CivilTime.local(now.seconds).0
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
        ]
        let day = "\(weekdays[Int(local.weekday)]) \(local.day) \(months[Int(local.month) - 1]) \(local.year)"
        let namespace = settings.rotation.isEmpty ? try library.uuid() : try library.rotationUUID(settings.rotation)
        let id = "digest.\((period ?? now).seconds).\(namespace.prefix(8))@citefeed.localhost"
        return DigestRenderer.message(
            Digest(
                title: settings.feedTitle, rotation: settings.rotation, from: to, to: to, date: now, day: day, picks: picks, study: study,
                messageID: id, generator: version, language: settings.feedLanguage))
    }

    /// The period of the rotation's digest schedule that `now` is in.
    func digestPeriod(_ settings: Settings) throws -> Slot {
        let (interval, shift) = settings.digestTime.period
        return SlotClock(interval: interval, shift: shift).slot(at: try now())
    }

    /// Sends the rotation's digest when `digestTo` is set and this period's has not gone yet
    /// (`rotate` runs this, so a machine off at `digestTime` sends it when next on). A digest
    /// that could not be delivered waits beside the library and goes first at the next run.
    /// Returns a warning for the caller to print, or `nil`; `words` says an error (the front
    /// end's words, also kept in the record for `about`).
    package func sendDigestIfDue(
        _ settings: Settings, environment: [String: String], deadline: Int64, words: (any Error) -> String
    ) -> String? {
        guard !settings.digestTo.isEmpty else { return nil }
        let recordPath = paths.digestRecord(rotation: settings.rotation)
        let pendingPath = paths.digestPending(rotation: settings.rotation)
        // Two rotates at once (a timer's and one by hand): one sends, the other then reads
        // that it went.
        let lock: FileLock
        do { lock = try takeTurn(recordPath + ".lock") } catch { return "the digest was not sent: \(words(error))" }
        defer { lock.release() }
        var record = DigestRecord.read(recordPath)
        /// Writes the record; a warning when it cannot be (the digest would go again).
        func saved() -> String? {
            do throws(IOFailure) {
                try record.save(recordPath)
                return nil
            } catch { return "the digest's record could not be written (\(words(error))); the digest may go again" }
        }
        /// Records a failed try of `period`'s digest; the warning.
        func failed(_ reason: String, at now: Int64, period: Int64) -> String {
            record.failed(reason, at: now, period: period)
            let warning = "the digest was not sent: \(reason); it waits for the next rotate"
            return saved().map { warning + "; " + $0 } ?? warning
        }
        // One made for another address (digestTo changed since) is not sent to the old one.
        if record.pendingPeriod != nil, record.pendingTo != settings.digestTo {
            unlink(pendingPath)
            record.pendingPeriod = nil
        }
        let period: Slot
        do { period = try digestPeriod(settings) } catch { return "the digest could not be made: \(words(error))" }
        let now = (try? self.now().seconds) ?? period.start.seconds
        let scratch = Posix.parentDirectory(paths.library)
        func deliver(_ message: String) -> String? {
            do throws(DigestDeliveryError) {
                try DigestDelivery.sendmail.deliver(message, scratch: scratch, environment: environment, deadline: deadline)
                return nil
            } catch { return words(error) }
        }
        // One that failed before goes first, unless it is this period's (made again below).
        if let pending = record.pendingPeriod, pending != period.start.seconds, let message = Posix.readText(pendingPath, limit: 16 << 20) {
            if let failure = deliver(message) { return failed(failure, at: now, period: pending) }
            unlink(pendingPath)
            record.sentPeriod = max(record.sentPeriod ?? pending, pending)
            record.pendingPeriod = nil
        }
        guard record.sentPeriod != period.start.seconds else { return saved() }
        let message: String
        do {
            message = try composeDigest(settings, to: settings.digestTo, count: settings.digestCount, period: period.start)
        } catch { return failed("it could not be made: \(words(error))", at: now, period: period.start.seconds) }
        if let failure = deliver(message) {
            try? AtomicWriter.write(Array(message.utf8), to: pendingPath, mode: 0o600)
            record.pendingTo = settings.digestTo
            return failed(failure, at: now, period: period.start.seconds)
        }
        unlink(pendingPath)
        record.sentPeriod = period.start.seconds
        record.sentAt = now
        record.sentTo = settings.digestTo
        record.pendingPeriod = nil
        record.pendingTo = nil
        record.failingSince = nil
        record.failure = nil
        return saved()
    }

    /// What became of the rotation's scheduled digests, for `about`.
    package func digestRecord(_ settings: Settings) -> DigestRecord { DigestRecord.read(paths.digestRecord(rotation: settings.rotation)) }
}

extension DigestRecord {
    static func read(_ path: String) -> DigestRecord {
        guard let bytes = try? Posix.readFile(path, limit: 1 << 16), let value = try? JSONParser.parse(bytes) else { return DigestRecord() }
        return DigestRecord(value)
    }

    func save(_ path: String) throws(IOFailure) {
        try AtomicWriter.write(Array((JSONWriter.pretty(json) + "\n").utf8), to: path, mode: 0o600)
    }

    /// Notes a failed try of `period`'s digest, for `about` and the next run.
    mutating func failed(_ reason: String, at now: Int64, period: Int64) {
        if pendingPeriod != period || failingSince == nil { failingSince = now }
        pendingPeriod = period
        failure = reason
    }

}
