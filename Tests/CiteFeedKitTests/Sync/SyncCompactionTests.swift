import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedService
@testable import CiteFeedSupport

/// Compaction: a log grown past its bound becomes a snapshot of the lines
/// that can still matter, and a machine joins from snapshots and the logs after them.
@Suite struct SyncCompactionTests {
    static func clock(_ n: Int64) -> SyncClock {
        SyncClock(milliseconds: 1_772_354_000_000 + n, machine: "0b9f5c1e-0000-4000-8000-00000000000a")
    }

    @Test func onlyLinesThatCanStillMatterAreKept() {
        let u1 = "0b9f5c1e-0000-4000-8000-000000000001", u2 = "0b9f5c1e-0000-4000-8000-000000000002"
        var first = CitationFields()
        first.text = "First"
        first.author = .some("Ann")
        var second = CitationFields()
        second.text = "Second"
        let id1 = "0b9f5c1e-0000-4000-8000-00000000000a:5", id2 = "0b9f5c1e-0000-4000-8000-00000000000a:7"
        let lines = [
            SyncLine(seq: 1, clock: Self.clock(1), change: .citation(uuid: u1, fields: first)),
            SyncLine(seq: 2, clock: Self.clock(2), change: .citation(uuid: u1, fields: second)),
            SyncLine(seq: 3, clock: Self.clock(3), change: .citation(uuid: u2, fields: first)),
            SyncLine(seq: 4, clock: Self.clock(4), change: .deleted(uuid: u2)),
            SyncLine(seq: 5, clock: Self.clock(5), change: .answer(uuid: u1, id: id1, at: Timestamp(seconds: 1), grade: 3)),
            SyncLine(seq: 6, clock: Self.clock(6), change: .undo(id: id1)),
            SyncLine(seq: 7, clock: Self.clock(7), change: .answer(uuid: u1, id: id2, at: Timestamp(seconds: 2), grade: 3)),
            SyncLine(seq: 8, clock: Self.clock(8), change: .setting(key: "interval", rotation: "", value: .string("1h"))),
            SyncLine(seq: 9, clock: Self.clock(9), change: .setting(key: "interval", rotation: "", value: nil)),
        ]
        let kept = SyncCompaction.compact(lines, deleted: { $0 == u2 })
        var author = CitationFields()
        author.author = .some("Ann")
        #expect(kept.map(\.seq) == [1, 2, 4, 6, 7, 9])
        // The first line keeps only the field no later line set.
        #expect(kept[0].change == .citation(uuid: u1, fields: author))
    }

    /// A log past its bound is compacted only when a quarter of the lines written since the last
    /// snapshot were made useless by later ones: a library that only grows keeps its log.
    @Test func aLogIsCompactedOnlyWhenAQuarterOfItsLinesWereMadeUseless() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder)
        a.compactAt = 1000
        a.compactAlways = false
        let first = try a.add("Citation number 1 of a library that grows")
        for n in 2...20 { _ = try a.add("Citation number \(n) of a library that grows") }
        try a.sync()
        let own = folder.appendingPathComponent(try a.library.syncMachine())
        func snapshots() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: own.path).filter { $0.hasPrefix("snapshot-") }
        }
        #expect(
            try FileManager.default.attributesOfItem(atPath: own.appendingPathComponent("log-000001.jsonl").path)[.size] as? Int ?? 0 > 1000
        )
        #expect(try snapshots().isEmpty)
        func edit(_ n: Int) throws {
            a.wait(60)
            _ = try a.library.update(
                id: first.id,
                {
                    var c = CitationChanges(); c.author = "Author \(n)"; return c
                }(), now: a.now)
            try a.sync()
        }
        // 5 of 31 lines made useless: kept.
        for n in 1...5 { try edit(n) }
        #expect(try snapshots().isEmpty)
        // 20 of 61: compacted, once.
        for n in 6...20 { try edit(n) }
        #expect(try snapshots().count == 1)
        let snapshot = try String(contentsOf: own.appendingPathComponent(try snapshots()[0]), encoding: .utf8)
        // It keeps the author's last value of the time, not the ones before it.
        #expect(snapshot.components(separatedBy: "Author ").count == 2 && !snapshot.contains("\"Author 1\""), "\(snapshot)")
        // Growing again past the bound, with nothing made useless: not compacted again.
        for n in 21...40 { _ = try a.add("Citation number \(n) of a library that grows") }
        try a.sync()
        #expect(try snapshots().count == 1)
    }

    @Test func aMachineCompactsItsLogAndOthersReadOnAndJoin() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder), b = try SyncMachine("b", folder: folder)
        a.compactAt = 1500
        let card = try a.add("Card to keep", back: "Back").uuid
        try a.sync()
        try b.sync()
        // Many edits of one field: the log grows, the snapshot keeps the last.
        for n in 1...40 {
            a.wait(60)
            _ = try a.library.update(
                id: try a.id(card),
                {
                    var c = CitationChanges(); c.author = "Author \(n)"; return c
                }(), now: a.now)
            if n % 4 == 0 { try a.sync() }
            if n == 20 {
                b.now = a.now
                try b.sync()
            }
        }
        try a.grade(card, .good)
        try a.sync()
        let own = folder.appendingPathComponent(try a.library.syncMachine())
        let files = try FileManager.default.contentsOfDirectory(atPath: own.path).sorted()
        #expect(files.contains { $0.hasPrefix("snapshot-") }, "\(files)")
        #expect(!files.contains("log-000001.jsonl"), "\(files)")
        let snapshot = try String(
            contentsOf: own.appendingPathComponent(try #require(files.first { $0.hasPrefix("snapshot-") })), encoding: .utf8)
        #expect(snapshot.components(separatedBy: "Author ").count <= 3, "\(snapshot)")
        // b had read half of the old log; it reads on from the snapshot.
        b.now = a.now
        try b.sync()
        try a.sync()
        #expect(try a.canonical() == b.canonical())
        // A machine that joins now has everything from the snapshot and the log after it.
        let c = try SyncMachine("c", folder: folder)
        c.now = a.now
        try c.sync()
        #expect(try c.canonical() == a.canonical())
        #expect(try c.card(card) == a.card(card))
    }
}
