import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Scheduling and review logs survive citefeed's JSON export and import
/// (format version 2, which reads version 1 too and refuses newer ones clearly); editing keeps a
/// card; the Anki export carries front, back and tags.
@Suite struct CardExchangeTests {
    func studied() throws -> Sandbox {
        let box = try Sandbox()
        try box.add("Capital of Australia?", "--back", "Canberra", "--tag", "geo")
        try box.add("Plain, made a card")
        try box.add("Has a back, uncarded", "--back", "B")
        try box.add("Never studied", "--back", "N")
        #expect(try box.run("card", "2").status == 0)
        #expect(try box.run("uncard", "3").status == 0)
        for (id, grade, time) in [
            (Int64(1), Grade.good, "2026-03-02T10:00:00+01:00"), (1, .good, "2026-03-02T10:11:00+01:00"),
            (2, .easy, "2026-03-02T10:20:00+01:00"),
            (1, .again, "2026-03-09T10:00:00+01:00"),
        ] {
            try StudyService(library: try box.library(), settings: Settings(), now: Timestamp(rfc3339: time)!).grade(id, grade)
        }
        return box
    }

    @Test func schedulingAndLogsSurviveExportAndImport() throws {
        let box = try studied()
        let export = box.home.appendingPathComponent("export.json")
        #expect(try box.run("export", "--format", "json", "--out", export.path).status == 0)
        let document = try JSONParser.parse(try String(contentsOf: export, encoding: .utf8))
        #expect(document["version"] == .int(3))
        let items = document["citations"]?.arrayValue ?? []
        #expect(items.first { $0["id"] == .int(1) }?["card"]?["log"]?.arrayValue?.count == 3)
        #expect(items.first { $0["id"] == .int(4) }?["card"] == nil)
        let other = try Sandbox()
        // Answers dated after now would block their cards for good: refused.
        expectFailure(
            try other.run("import", export.path), status: .dataError,
            containing: "answer 1 of \"card\".\"log\" is dated 2026-03-02T09:00:00Z, after now; fix its \"at\"")
        #expect(!FileManager.default.fileExists(atPath: other.libraryPath))
        other.now = "2026-03-10T10:00:00+01:00"
        let imported = try other.run("import", export.path)
        #expect(imported.status == 0, "\(imported)")
        let now = Timestamp(rfc3339: "2026-03-10T10:00:00+01:00")!
        let a = try box.library(), b = try other.library()
        for id in Int64(1)...4 {
            #expect(try a.card(of: id, now: now) == b.card(of: id, now: now), "card \(id)")
            #expect(
                try a.reviews(of: id).map {
                    [$0.reviewedAt, Timestamp(seconds: Int64($0.grade.rawValue)), Timestamp(seconds: $0.elapsedDays)]
                }
                    == b.reviews(of: id).map {
                        [$0.reviewedAt, Timestamp(seconds: Int64($0.grade.rawValue)), Timestamp(seconds: $0.elapsedDays)]
                    })
            #expect(try a.reviews(of: id).map(\.stateBefore) == b.reviews(of: id).map(\.stateBefore))
        }
        #expect(try b.isCard(2) && !b.isCard(3))
        // The imported log can be undone like the original one: the last answer of card 1.
        let last = try #require(try b.reviews(of: 1).last)
        try StudyService(library: b, settings: Settings(), now: now).undo(last.id)
        let undone = try #require(try b.card(of: 1, now: now))
        #expect(undone.card.state == .review && undone.reps == 2)
        // A second export of the import is the same document but for its time.
        let again = other.home.appendingPathComponent("again.json")
        #expect(try other.run("export", "--format", "json", "--out", again.path).status == 0)
        _ = document
    }

    @Test func aNewerVersionIsRefusedClearlyAndAVersion1FileIsRead() throws {
        let box = try Sandbox()
        try box.add("Kept")
        let before = try box.state()
        let newer = box.home.appendingPathComponent("newer.json")
        try #"{"format": "citefeed", "version": 4, "tags": [], "citations": [{"text": "From the future"}]}"#.write(
            to: newer, atomically: true, encoding: .utf8)
        expectFailure(
            try box.run("import", newer.path), status: .dataError,
            containing: "citefeed's export format version 4, from a newer citefeed; this one reads versions 1 to 3")
        #expect(try box.state() == before)
        let v1 = box.home.appendingPathComponent("v1.json")
        try
            #"{"format": "citefeed", "version": 1, "tags": [], "citations": [{"id": 7, "uuid": "6f1c2e1a-0000-4000-8000-000000000007", "text": "Old", "back": "Side", "favourite": false}]}"#
            .write(to: v1, atomically: true, encoding: .utf8)
        #expect(try box.run("import", v1.path).status == 0)
        let card = try box.library().card(of: 7, now: Timestamp(seconds: 0))
        #expect(card?.card.state == .new)
    }

    @Test(arguments: [
        (#"{"state": "forgotten"}"#, "is not new, learning, review or relearning"),
        (#"{"state": "review", "stability": 3}"#, "needs \"stability\", \"difficulty\" and \"due\""),
        (#"{"state": "review", "stability": 3, "difficulty": 11, "due": "2026-03-02T10:00:00Z"}"#, "difficulty\" is not from 1 to 10"),
        (#"{"state": "new", "log": [{"at": "2026-03-02T10:00:00Z", "grade": 5, "stateBefore": "new"}]}"#, "needs \"at\", \"grade\" (1-4)"),
        (#"{"marked": "yes"}"#, "\"marked\" is not true, false or null"),
        (#"[1]"#, "\"card\" is not an object"),
    ])
    func badCardDataIsAnInvalidRecord(card: String, message: String) throws {
        let box = try Sandbox()
        try box.add("Kept")
        let before = try box.state()
        let file = box.home.appendingPathComponent("bad.json")
        try #"{"format": "citefeed", "version": 2, "tags": [], "citations": [{"text": "Q", "back": "A", "card": \#(card)}]}"#.write(
            to: file, atomically: true, encoding: .utf8)
        let result = try box.run("import", file.path)
        #expect(result.status == ExitStatus.dataError.rawValue && result.stderr.contains(message), "\(result)")
        #expect(try box.state() == before)
    }

    @Test func theAnkiExportCarriesFrontBackAndTags() throws {
        let box = try studied()
        let anki = try box.run("export", "--format", "anki")
        #expect(anki.status == 0)
        #expect(anki.stdout.contains("Capital of Australia?\tCanberra\tgeo"), "\(anki.stdout)")
    }
}

extension CardExchangeTests {
    /// Imported citations with a back are cards (the import makes their rows in bulk), and the
    /// queue and stats see them; an edit that removes a back, an archive and a restore follow.
    @Test func importedBacksAreCardsAndEditsFollow() throws {
        let box = try Sandbox()
        let file = box.home.appendingPathComponent("cards.csv")
        try "text,back\nQ1,A1\nQ2,A2\nPlain,\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try box.run("import", file.path).status == 0)
        func cards() throws -> Int { (try JSONParser.parse(try box.run("list", "--cards", "--json").stdout).arrayValue ?? []).count }
        #expect(try cards() == 2)
        #expect(try JSONParser.parse(try box.run("stats", "--json").stdout)["cards"]?["new"]?.intValue == 2)
        #expect(try box.run("edit", "1", "--back", "").status == 0)
        #expect(try cards() == 1)
        #expect(try box.run("archive", "2").status == 0)
        #expect(try JSONParser.parse(try box.run("stats", "--json").stdout)["cards"]?["suspended"]?.intValue == 1)
        #expect(try box.run("restore", "2").status == 0)
        #expect(try JSONParser.parse(try box.run("stats", "--json").stdout)["cards"]?["new"]?.intValue == 1)
        // The counts kept by triggers are the counts of the cards, through all of that and more.
        #expect(try box.run("card", "3").status == 0)
        try StudyService(library: try box.library(), settings: Settings(), now: Timestamp(rfc3339: "2026-03-02T10:00:00+01:00")!).grade(
            2, .good)
        #expect(try box.run("uncard", "3").status == 0)
        #expect(try box.run("delete", "2", "--force").status == 0)
        let db = try box.library().db
        let counted = try db.query("SELECT is_card, archived, state, count(*) FROM cards GROUP BY 1, 2, 3 ORDER BY 1, 2, 3", []) {
            "\($0.int(0)) \($0.int(1)) \($0.text(2)) \($0.int(3))"
        }
        let kept = try db.query("SELECT is_card, archived, state, n FROM card_counts WHERE n > 0 ORDER BY 1, 2, 3", []) {
            "\($0.int(0)) \($0.int(1)) \($0.text(2)) \($0.int(3))"
        }
        #expect(counted == kept)
        #expect(try db.scalar("SELECT coalesce(sum(answers), 0) FROM review_hours") == db.scalar("SELECT count(*) FROM reviews"))
    }

    /// A version 2 export (citefeed 0.1.0): tags of a citation as names, a card's log keeping
    /// the card before each answer in seconds with `reps`. It imports, the answer can be taken
    /// back, and an export of it again is version 3 with one time style and one name per field.
    @Test func aVersion2FileIsReadAndWrittenAgainAsVersion3() throws {
        let box = try Sandbox()
        box.now = "2026-03-10T10:00:00Z"
        let v2 = box.home.appendingPathComponent("v2.json")
        try #"""
        {"format": "citefeed", "version": 2, "exportedAt": "2026-03-05T08:00:00Z",
         "tags": [{"name": "greek", "color": "teal"}],
         "citations": [{"id": 3, "uuid": "6f1c2e1a-0000-4000-8000-000000000003", "text": "Know thyself", "back": "Delphi",
           "author": null, "source": null, "tags": ["greek"], "favourite": true,
           "createdAt": "2026-03-01T08:00:00Z", "updatedAt": "2026-03-01T08:00:00Z", "archivedAt": null,
           "card": {"marked": null, "state": "learning", "step": 1, "stability": 2.3065, "difficulty": 2.11810397,
             "due": "2026-03-02T08:10:00Z", "lastReview": "2026-03-02T08:00:00Z", "reviews": 1, "lapses": 0,
             "log": [{"at": "2026-03-02T08:00:00Z", "grade": 3, "elapsedDays": 0, "stateBefore": "new",
               "cardBefore": {"state": "new", "step": 0, "stability": null, "difficulty": null, "due": 1772438400,
                 "lastReview": null, "reps": 0, "lapses": 0}}]}}]}
        """#.write(to: v2, atomically: true, encoding: .utf8)
        let imported = try box.run("import", v2.path)
        #expect(imported.status == 0, "\(imported)")
        let now = Timestamp(rfc3339: "2026-03-10T10:00:00Z")!
        let card = try #require(try box.library().card(of: 3, now: now))
        #expect(card.card.state == .learning && card.reps == 1 && card.card.step == 1)
        #expect(try box.library().citation(id: 3).tags.map(\.name) == ["greek"])
        let export = box.home.appendingPathComponent("v3.json")
        #expect(try box.run("export", "--out", export.path).status == 0)
        let document = try JSONParser.parse(try String(contentsOf: export, encoding: .utf8))
        #expect(document["version"] == .int(3))
        let item = try #require(document["citations"]?.arrayValue?.first)
        #expect(item["tags"]?.arrayValue?.first?["name"] == .string("greek"))
        #expect(item["tags"]?.arrayValue?.first?["color"] == .string("teal"))
        let before = try #require(item["card"]?["log"]?.arrayValue?.first?["cardBefore"])
        #expect(before["reviews"] == .int(0) && before["reps"] == nil && before["state"] == .string("new"))
        // The log's card, written as the library's own: a new card has no due time.
        #expect(before["due"] == .null)
        // And the answer taken back leaves the card new, as before it.
        let last = try #require(try box.library().reviews(of: 3).last)
        try StudyService(library: try box.library(), settings: Settings(), now: now).undo(last.id)
        #expect(try box.library().card(of: 3, now: now)?.card.state == .new)
    }
}
