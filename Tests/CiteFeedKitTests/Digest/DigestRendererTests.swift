import Testing

@testable import CiteFeedCore
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// A digest's message, byte for byte (Golden/digest/), from fixed values: a plain citation, one
/// with a back, markup and a link, and a title that is not ASCII.
@Suite struct DigestRendererTests {
    static func digest(study: Digest.Study?) -> Digest {
        let picks = [
            PickSnapshot(
                id: 1, uuid: "A", text: "We suffer more often in imagination than in reality.", back: nil, author: "Seneca",
                source: "Letters, XIII", tags: [CiteFeedModel.Tag(name: "stoic", color: "indigo")], favourite: true),
            PickSnapshot(
                id: 2, uuid: "B", text: "What is <b>1 & 2</b>?\nTwo lines.", back: "Three, & no more.", author: nil,
                source: "https://example.org/q?a=1&b=2", tags: [], favourite: false),
        ]
        return Digest(
            title: "Zitate für Über-Morgen", rotation: "", from: "me@example.org", to: "me@example.org",
            date: Timestamp(seconds: 1_796_194_800),
            day: "Wednesday 2 December 2026", picks: picks, study: study, messageID: "digest.1796194800.333ba114@citefeed.localhost",
            generator: "0.1.0", language: "de")
    }

    @Test func aDigestWithStudy() throws {
        let study = Digest.Study(dueToday: 12, yesterday: StudyStats.Period(days: 1, answers: 30, reviewAnswers: 20, recalled: 18))
        try Golden.check(DigestRenderer.message(Self.digest(study: study)), "digest/with-study.eml")
    }

    @Test func aDigestWithoutCards() throws {
        let message = DigestRenderer.message(Self.digest(study: nil))
        #expect(!message.contains("Study") && !message.contains("cards due"))
        try Golden.check(message, "digest/without-cards.eml")
    }

    /// The same values give the same bytes (a digest retried is the same message).
    @Test func theSameDigestIsTheSameMessage() {
        #expect(DigestRenderer.message(Self.digest(study: nil)) == DigestRenderer.message(Self.digest(study: nil)))
    }
}
