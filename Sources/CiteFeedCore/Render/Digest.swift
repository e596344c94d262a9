import CiteFeedModel
import CiteFeedSupport

/// What a digest says: the rotation's next picks (what the bar will show), the cards due today
/// and yesterday's study, with what the message needs to be sent (addresses, its id).
package struct Digest: Sendable {
    /// The feed's title, which names the digest.
    package var title: String
    /// The rotation, `""` for the default one.
    package var rotation: String
    package var from: String
    package var to: String
    package var date: Timestamp
    /// The local day it is for, as people write it (`Wednesday 2 December 2026`).
    package var day: String
    package var picks: [PickSnapshot]
    /// `nil` when the library has no cards: the digest then says nothing of study.
    package var study: Study?
    /// Unique to this digest (the library, the rotation and the period), without `<>`.
    package var messageID: String
    package var generator: String
    package var language: String

    package struct Study: Sendable {
        package var dueToday: Int
        package var yesterday: StudyStats.Period

        package init(dueToday: Int, yesterday: StudyStats.Period) {
            self.dueToday = dueToday
            self.yesterday = yesterday
        }
    }

    package init(
        title: String, rotation: String, from: String, to: String, date: Timestamp, day: String, picks: [PickSnapshot], study: Study?,
        messageID: String, generator: String, language: String
    ) {
        self.title = title
        self.rotation = rotation
        self.from = from
        self.to = to
        self.date = date
        self.day = day
        self.picks = picks
        self.study = study
        self.messageID = messageID
        self.generator = generator
        self.language = language
    }
}
