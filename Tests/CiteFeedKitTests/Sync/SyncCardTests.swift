import Foundation
import Testing

@testable import CiteFeedCore
@testable import CiteFeedModel
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Flashcard answers through sync: a set of answers, undo as a change, and each
/// card's state replayed from them, so machines that studied offline agree.
@Suite struct SyncCardTests {
    @Test func answersGivenOfflineOnTwoMachinesEndWhereOneMachineWithBothWouldBe() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder), b = try SyncMachine("b", folder: folder)
        let card = try a.add("Capital of Peru?", back: "Lima").uuid
        try a.sync()
        try b.sync()
        // a answers at 10:00 and 10:10; b, offline, at 10:05 (Again) and the next day.
        try a.grade(card, .good)
        a.wait(600)
        try a.grade(card, .good)
        b.wait(300)
        try b.grade(card, .again)
        b.wait(86400)
        try b.grade(card, .easy)
        // Both sync a minute later (a machine's sync time caps what it reads: ARCHITECTURE.md).
        let start = b.now.seconds - 86700
        a.now = Timestamp(seconds: b.now.seconds + 60)
        b.wait(60)
        try a.sync()
        try b.sync()
        try a.sync()
        #expect(try a.canonical() == b.canonical())
        // One machine that gave all four answers in time order.
        let one = try SyncMachine("one", folder: try SyncMachine.sharedFolder())
        let same = try one.add("Capital of Peru?", back: "Lima").uuid
        for (offset, grade) in [(0, Grade.good), (300, .again), (600, .good), (86700, .easy)] {
            one.now = Timestamp(seconds: start + Int64(offset))
            try one.grade(same, grade)
        }
        #expect(try a.card(card) == one.card(same))
        #expect(try a.library.reviews(of: a.id(card)).count == 4)
        // Syncing again changes nothing.
        let before = try a.canonical()
        #expect(try a.sync().applied == 0)
        #expect(try a.canonical() == before)
    }

    @Test func anUndoIsAChangeOfItsOwnAndIsFinal() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder), b = try SyncMachine("b", folder: folder)
        let card = try a.add("2 + 2?", back: "4").uuid
        let first = try a.grade(card, .good)
        try a.sync()
        try b.sync()
        #expect(try b.library.reviews(of: b.id(card)).count == 1)
        let fresh = try #require(try a.library.card(of: a.id(card), now: a.now))
        a.wait(60)
        // a takes its answer back (its own latest), after b had it.
        try a.undo(first)
        #expect(try a.library.card(of: a.id(card), now: a.now)?.card.state == .new)
        _ = fresh
        try a.sync()
        try b.sync()
        #expect(try b.library.reviews(of: b.id(card)).isEmpty)
        #expect(try b.library.card(of: b.id(card), now: b.now)?.card.state == .new)
        #expect(try a.canonical() == b.canonical())
        // The answer's line read again (a log replaced by a sync engine) does not bring it back.
        try a.library.db.run("DELETE FROM sync_files")
        try a.library.db.run("UPDATE sync_machines SET applied = 0")
        try b.library.db.run("DELETE FROM sync_files")
        try b.library.db.run("UPDATE sync_machines SET applied = 0")
        try b.sync()
        #expect(try b.library.reviews(of: b.id(card)).isEmpty)
    }

    /// A clock ahead by less than a day (what `HybridClock` follows): the answer counts from
    /// when another machine had seen it. Ahead by more, its lines wait (`SyncPeerInputTests`).
    @Test func aMachineWithItsClockHoursAheadCannotPutACardHoursAway() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder), b = try SyncMachine("b", folder: folder)
        let card = try a.add("Ahead?", back: "Yes").uuid
        try a.sync()
        try b.sync()
        // b's clock is 20 hours ahead when it answers; a reads the answer at its own time.
        let truth = a.now
        b.now = Timestamp(seconds: truth.seconds + 20 * 3600)
        try b.grade(card, .easy)
        try b.sync()
        a.wait(3600)
        try a.sync()
        try b.sync()
        #expect(try a.canonical() == b.canonical())
        // The answer counts from when a had seen it, not from b's hours ahead.
        let due = try #require(try a.library.card(of: a.id(card), now: a.now)?.card.due)
        #expect(due.seconds < truth.seconds + 60 * 86400, "due \(due)")
        #expect(try a.library.reviews(of: a.id(card)).first?.reviewedAt == a.now)
    }

    /// A machine joining reads answers of citations new to it, which are added all together
    /// after the citations (`applyAfterFresh`): as one by one, an undone answer stays out and a
    /// time the horizons cap is capped.
    @Test func aMachineJoiningLaterTakesUndoneAndCappedAnswersAsTheOthersDid() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder), b = try SyncMachine("b", folder: folder)
        let undone = try a.add("Undone?", back: "Yes").uuid
        let first = try a.grade(undone, .good)
        try a.sync()
        a.wait(60)
        try a.undo(first)
        _ = try a.grade(undone, .hard)
        try a.sync()
        // b's clock is 20 hours ahead when it answers; a has seen the answer a little later.
        let ahead = try b.add("Ahead?", back: "Yes").uuid
        b.now = Timestamp(seconds: a.now.seconds + 20 * 3600)
        _ = try b.grade(ahead, .easy)
        try b.sync()
        a.wait(3600)
        try a.sync()
        try b.sync()
        let c = try SyncMachine("c", folder: folder)
        c.now = Timestamp(seconds: a.now.seconds + 7200)
        try c.sync()
        #expect(try c.canonical() == a.canonical())
        #expect(try c.library.reviews(of: c.id(undone)).map(\.grade) == [.hard])
        #expect(try c.library.reviews(of: c.id(ahead)).map(\.reviewedAt) == a.library.reviews(of: a.id(ahead)).map(\.reviewedAt))
        #expect(try c.library.reviews(of: c.id(ahead)).first?.reviewedAt == a.now)
    }
}

/// Answers and a copy of the library (a copied or restored library takes a new machine
/// id).
@Suite struct SyncCopyCardTests {
    /// An answer given before the library was copied, and synced since by the original, is the
    /// same answer in the copy: it counted twice (captured again under the copy's new id), and
    /// every card's replayed state with it.
    @Test func anAnswerPendingAtACopyCountsOnceAndStaysTheOriginals() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder)
        let card = try a.add("Question", back: "Answer").uuid
        try a.sync()
        a.wait(3600)
        let review = try a.grade(card, .good)
        _ = try a.library.db.scalar("PRAGMA wal_checkpoint(TRUNCATE)")
        let b = try SyncMachine("b", folder: folder, now: a.now)
        for name in try FileManager.default.contentsOfDirectory(atPath: a.directory.path) {
            try FileManager.default.copyItem(at: a.directory.appendingPathComponent(name), to: b.directory.appendingPathComponent(name))
        }
        a.wait(60)
        try a.sync()
        b.now = a.now
        let renewed = try b.sync()
        #expect(renewed.renewedFrom == (try a.library.syncMachine()))
        try a.sync()
        for m in [a, b] {
            #expect(
                try m.library.db.scalar(
                    "SELECT count(*) FROM reviews r JOIN citations c ON c.id = r.citation_id WHERE c.uuid = ?", .text(card)) == 1)
        }
        #expect(try a.card(card) == b.card(card))
        // The copy cannot take back what is the original's (the undo would be its alone).
        #expect(throws: StoreError.answeredElsewhere(citationID: try b.id(card))) { try b.undo(review) }
    }
}
