import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedModel
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// What another machine's clock may do: a clock far ahead waits instead of winning
/// every register, a counter never runs past what every machine reads, and a horizon moves an
/// answer at most a day. Every test here failed before its fix.
@Suite struct SyncClockHazardTests {
    /// `lines` as the first log of a machine of the attacker's in `folder`.
    static func forge(_ folder: URL, machine: String = "0badc0de-0000-4000-8000-000000000001", _ lines: [String]) throws {
        try SyncPeerInputTests.forge(folder, lines: lines, machine: machine)
    }

    /// A clock of 15 nines and a counter of 15 nines: this machine's next edit of the text
    /// took a counter of 16 digits, which every other machine refused for good (and kept the
    /// vandal's text). Such a clock is not one citefeed reads.
    @Test func aClockAtTheLimitOfItsDigitsIsRefused() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder)
        let uuid = try a.add("Honest text").uuid
        try a.sync()
        try Self.forge(folder, [#"{"v":1,"s":1,"c":"999999999999999-999999999999999","k":"c","u":"\#(uuid)","f":{"text":"Vandalised"}}"#])
        let report = try a.sync()
        #expect(report.skipped.map(\.reason) == [.invalid("no clock (\"c\": milliseconds-counter)")])
        #expect(try a.library.citation(id: a.id(uuid)).text == "Honest text")
        #expect(SyncClock("999999999999999-0-0badc0de-0000-4000-8000-000000000001") == nil)
        #expect(SyncClock("253402300799999-999999999-0badc0de-0000-4000-8000-000000000001") != nil)
        #expect(SyncClock("1-1000000000-0badc0de-0000-4000-8000-000000000001") == nil)
    }

    /// An edit clocked a year ahead won every later edit for a year. It waits, with the lines
    /// after it, until this machine's clock comes within a day of it; sync says so, and sync
    /// status shows it.
    @Test func aLineClockedMoreThanADayAheadWaits() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder)
        let uuid = try a.add("Honest text").uuid
        try a.sync()
        let inAYear = a.now.seconds * 1000 + 365 * 86_400_000
        let soon = a.now.seconds * 1000 + 3_600_000
        try Self.forge(
            folder,
            [
                #"{"v":1,"s":1,"c":"\#(soon)-0","k":"c","u":"\#(uuid)","f":{"author":"Soon"}}"#,
                #"{"v":1,"s":2,"c":"\#(inAYear)-0","k":"c","u":"\#(uuid)","f":{"text":"Vandalised"}}"#,
                #"{"v":1,"s":3,"c":"\#(inAYear)-1","k":"c","u":"\#(uuid)","f":{"source":"Later"}}"#,
            ])
        let report = try a.sync()
        let machine = "0badc0de-0000-4000-8000-000000000001"
        #expect(
            report.ahead[machine]
                == SyncService.Ahead(file: "log-000001.jsonl", line: 2, clock: SyncClock(milliseconds: inAYear, machine: machine)))
        #expect(report.applied == 1)
        var citation = try a.library.citation(id: a.id(uuid))
        #expect(citation.text == "Honest text" && citation.author == "Soon" && citation.source == nil)
        let state = try #require(try a.library.syncMachines().first { $0.machine == machine })
        #expect(state.applied == 1)
        #expect(state.problem == .clockAhead(file: "log-000001.jsonl", line: 2, time: "2027-03-02T10:00:00Z"))
        #expect(
            state.problem?.words
                == "its log-000001.jsonl line 2 is clocked 2027-03-02T10:00:00Z, more than a day ahead of this machine's clock; it and its later changes wait until then"
        )
        // This machine's own edit now is not beaten; and its clock did not follow.
        var changes = CitationChanges()
        changes.text = "Fixed"
        _ = try a.library.update(id: a.id(uuid), changes, now: a.now)
        try a.sync()
        #expect(try a.library.citation(id: a.id(uuid)).text == "Fixed")
        #expect(try a.library.syncClock(machine: a.library.syncMachine()).last.milliseconds < soon + 86_400_000)
        // A year on, the lines are read.
        a.now = Timestamp(seconds: a.now.seconds + 365 * 86400)
        let later = try a.sync()
        #expect(later.ahead.isEmpty && later.applied == 2)
        citation = try a.library.citation(id: a.id(uuid))
        #expect(citation.source == "Later")
    }

    /// A horizon line with a wall of the year 1 moved this machine's own answer to the year 1
    /// (due 0001-01-01). A horizon moves an answer at most a day before it was made.
    @Test func aForgedHorizonMovesNoAnswerMoreThanADay() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder)
        let card = try a.add("Capital of Peru?", back: "Lima").uuid
        try a.grade(card, .good)
        let answered = a.now
        try a.sync()
        let machine = try a.library.syncMachine()
        try Self.forge(
            folder,
            [#"{"v":1,"s":1,"c":"\#(answered.seconds * 1000)-0","k":"h","wall":-62135596800,"seen":{"\#(machine)":100}}"#])
        try a.sync()
        let review = try #require(try a.library.reviews(of: a.id(card)).first)
        #expect(review.reviewedAt.seconds == answered.seconds - 86400)
        let answeredAt = try a.library.db.scalar("SELECT answered_at FROM reviews")
        #expect(answeredAt == answered.seconds)
        // A second horizon, earlier still, moves it no further.
        try SyncPeerInputTests.forge(
            folder, lines: [#"{"v":1,"s":1,"c":"\#(answered.seconds * 1000)-0","k":"h","wall":0,"seen":{"\#(machine)":100}}"#],
            machine: "0badc0de-0000-4000-8000-000000000002")
        try a.sync()
        #expect(try a.library.reviews(of: a.id(card)).first?.reviewedAt.seconds == answered.seconds - 86400)
        let due = try #require(try a.library.card(of: a.id(card), now: a.now)?.card.due)
        #expect(due.seconds > answered.seconds - 86400)  // not the year 1
        // A horizon whose time is after its own clock's is not one citefeed wrote.
        #expect(throws: SyncLineError.invalid("the horizon's time is after its clock's")) {
            try SyncLine(json: JSONParser.parse(#"{"v":1,"s":1,"c":"1000-0","k":"h","wall":2,"seen":{}}"#), machine: machine)
        }
    }

    /// An answer line of the year 9999 with a clock of now was kept as given (the card due in
    /// the year 10008, and its export refused by import). An answer's time is capped, as any
    /// answer seen by another machine, to when this machine saw it: the cap's floor is a day
    /// before the earlier of its time and its line's clock.
    @Test func anAnswerFarPastItsOwnClockIsCappedToWhenItWasSeen() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder)
        let card = try a.add("Capital of Peru?", back: "Lima").uuid
        try a.sync()
        let machine = "0badc0de-0000-4000-8000-000000000001"
        try Self.forge(
            folder,
            machine: machine,
            [#"{"v":1,"s":1,"c":"\#(a.now.seconds * 1000)-0","k":"a","u":"\#(card)","id":"\#(machine):1","at":253402300000,"g":4}"#])
        try a.sync()
        let review = try #require(try a.library.reviews(of: a.id(card)).first)
        #expect(review.reviewedAt == a.now)
        let due = try #require(try a.library.card(of: a.id(card), now: a.now)?.card.due)
        #expect(due.seconds < a.now.seconds + 365 * 86400)
    }
}
