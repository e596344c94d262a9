import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedService
@testable import CiteFeedSupport

/// The review log in the FSRS tools' CSV (`export --format revlog`, `import --format revlog`):
/// a library's answers written out and read onto the same cards of another library give those
/// cards the states answering gave them; bad lines are named and change nothing.
@Suite struct RevlogTests {
    static let answers: [(Int64, Grade, String)] = [
        (1, .good, "2026-03-02T10:00:00+01:00"), (1, .good, "2026-03-02T10:11:00+01:00"), (2, .easy, "2026-03-02T10:20:00+01:00"),
        (1, .again, "2026-03-09T10:00:00+01:00"), (1, .good, "2026-03-09T22:30:00+01:00"), (2, .hard, "2026-03-12T08:00:00+01:00"),
    ]

    func cards(_ box: Sandbox) throws {
        box.now = "2026-03-01T09:00:00+01:00"
        _ = try box.add("Capital of Australia?", "--back", "Canberra")
        _ = try box.add("Plain, made a card")
        _ = try box.add("Not a card")
        #expect(try box.run("card", "2").status == 0)
        box.now = "2026-03-20T10:00:00+01:00"
    }

    func studied() throws -> Sandbox {
        let box = try Sandbox()
        try cards(box)
        for (id, grade, time) in Self.answers {
            try StudyService(library: try box.library(), settings: Settings(), now: Timestamp(rfc3339: time)!).grade(id, grade)
        }
        return box
    }

    @Test func answersWrittenAndReadBackGiveTheSameCards() throws {
        let box = try studied()
        let exported = try box.run("export", "--format", "revlog")
        #expect(exported.status == 0)
        let lines = exported.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "card_id,review_time,review_rating,review_state,review_duration")
        // Each answer once, in milliseconds, the state before it in the tools' numbers.
        #expect(
            lines.dropFirst() == [
                "1,1772442000000,3,0,0", "1,1772442660000,3,1,0", "1,1773046800000,1,2,0", "1,1773091800000,3,3,0",
                "2,1772443200000,4,0,0", "2,1773298800000,2,2,0",
            ])
        let other = try Sandbox()
        try cards(other)
        let file = other.home.appendingPathComponent("revlog.csv")
        try exported.stdout.write(to: file, atomically: true, encoding: .utf8)
        let imported = try other.run("import", file.path)
        #expect(imported.status == 0 && imported.stdout.hasPrefix("added 6 answers to 2 cards"), "\(imported)")
        let now = Timestamp(rfc3339: "2026-03-20T10:00:00+01:00")!
        for id in Int64(1)...2 {
            #expect(try box.library().card(of: id, now: now) == other.library().card(of: id, now: now), "card \(id)")
        }
        // Read twice: nothing more.
        let state = try other.state()
        let again = try other.run("import", "--format", "revlog", file.path)
        #expect(again.status == 0 && again.stdout == "added 0 answers to 2 cards (6 answers already there)\n", "\(again)")
        #expect(try other.state() == state)
    }

    /// A log written before a card was deleted: its lines for that card are named, nothing is
    /// added (the other card's answers neither), and the file is as it was.
    @Test func answersOfADeletedCardAreNamed() throws {
        let box = try studied()
        let file = box.home.appendingPathComponent("revlog.csv")
        #expect(try box.run("export", "--format", "revlog", "--out", file.path).status == 0)
        let bytes = try Data(contentsOf: file)
        #expect(try box.run("delete", "1", "--force").status == 0)
        let before = try box.state()
        expectFailure(
            try box.run("import", file.path), status: .dataError,
            containing: "line 2: no citation of the library has the id or uuid \"1\"")
        #expect(try box.state() == before)
        #expect(try Data(contentsOf: file) == bytes)
        // The library's own log and fit go on without it.
        let exported = try box.run("export", "--format", "revlog")
        #expect(exported.status == 0 && !exported.stdout.contains("\n1,"))
    }

    @Test func cardsAreFoundByUUIDToo() throws {
        let box = try Sandbox()
        try cards(box)
        let uuid = try box.library().citation(id: 1).uuid
        let file = box.home.appendingPathComponent("log.csv")
        try "card_id,review_time,review_rating\n\(uuid.uppercased()),1772442000000,3\n".write(to: file, atomically: true, encoding: .utf8)
        let imported = try box.run("import", "--format", "revlog", file.path)
        #expect(imported.status == 0 && imported.stdout.hasPrefix("added 1 answer to 1 card"), "\(imported)")
        #expect(try box.library().card(of: 1, now: Timestamp(seconds: 0))?.card.state == .learning)
    }

    static let bad: [(String, String)] = [
        ("card_id,review_time,review_rating\n99,1772442000000,3\n", "line 2: no citation of the library has the id or uuid \"99\""),
        ("card_id,review_time,review_rating\n1,1772442000000,5\n", "line 2: its review_rating \"5\" is not 1 (Again)"),
        ("card_id,review_time,review_rating\n1,1772442000000,0\n", "line 2: its review_rating \"0\" is not 1 (Again)"),
        ("card_id,review_time,review_rating\n1,yesterday,3\n", "line 2: its review_time \"yesterday\" is not a time in milliseconds"),
        (
            "card_id,review_time,review_rating\n1,1700000000000,3\n",
            "line 2: its review_time (2023-11-14T22:13:20Z) is before citation 1 was made"
        ),
        ("card_id,review_time,review_rating\n1,1900000000000,3\n", "line 2: its review_time (2030-03-17T17:46:40Z) is after now"),
        ("card_id,review_time,review_rating\n3,1772442000000,3\n", "line 2: citation 3 is not a card ('citefeed card 3' makes it one)"),
        ("card,time,rating\n1,1772442000000,3\n", "its first line is not the FSRS tools' header"),
        ("card_id,review_time,review_rating\n", "it holds the header and no answer"),
        // One good line among bad ones: nothing is added.
        ("card_id,review_time,review_rating\n1,1772442000000,3\n2,1772442000000,9\n", "line 3: its review_rating \"9\""),
    ]

    @Test(arguments: RevlogTests.bad)
    func badLinesAreNamedAndChangeNothing(file text: String, message: String) throws {
        let box = try Sandbox()
        try cards(box)
        let file = box.home.appendingPathComponent("log.csv")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let before = try box.state()
        expectFailure(try box.run("import", "--format", "revlog", file.path), status: .dataError, containing: message)
        #expect(try box.state() == before)
    }
}
