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

/// Named rotations in the store: the library keeps a history, a fair cycle, a cache and an "empty
/// since" per rotation, by name; the unnamed default rotation ("") is what every command uses.
@Suite struct NamedRotationStoreTests {
    func library(_ texts: [String]) throws -> (Sandbox, Library) {
        let box = try Sandbox()
        for text in texts { #expect(box.runInProcess("add", text, "--tag", text.hasPrefix("Work") ? "work" : "home").status == 0) }
        return (box, try box.library())
    }

    @Test func rotationsKeepTheirOwnHistoriesAndCycles() throws {
        let (box, library) = try library(["Home one", "Home two", "Work one", "Work two", "Work three"])
        defer { withExtendedLifetime(box) {} }  // its home holds the library
        var workSettings = Settings()
        workSettings.tags = ["work"]
        let start = Timestamp(rfc3339: "2026-03-01T00:30:00Z")!
        for hour in 0..<6 {
            let now = Timestamp(seconds: start.seconds + Int64(hour) * 3600)
            _ = try RotationService(library: library, settings: Settings(), now: now).ensureCurrent()
            _ = try RotationService(library: library, settings: workSettings, now: now, name: "work").ensureCurrent()
        }
        let defaultPicks = try library.recentPicks(limit: 100)
        let workPicks = try library.recentPicks(limit: 100, rotation: "work")
        #expect(defaultPicks.count == 6 && workPicks.count == 6)
        #expect(workPicks.allSatisfy { $0.snapshot.text.hasPrefix("Work") })
        // Each has its own fair cycle: the work rotation shows its three twice, in two cycles.
        let workCycles = Dictionary(grouping: workPicks, by: \.cycle).mapValues { Set($0.map(\.snapshot.text)) }
        #expect(workCycles.count == 2 && workCycles.values.allSatisfy { $0 == ["Work one", "Work two", "Work three"] })
        let defaultFirstCycle = Array(defaultPicks.reversed().prefix(5)).map(\.snapshot.text)
        #expect(Set(defaultFirstCycle).count == 5)
        // Each its own cache row, and neither disturbs the other's latest pick.
        #expect(try library.db.scalar("SELECT count(*) FROM rotation_cache") == 2)
        #expect(try library.latestPick()?.id == defaultPicks.first?.id)
        #expect(try library.latestPick(rotation: "work")?.id == workPicks.first?.id)
        #expect(try library.cycleState(rotation: "work").cycle == workPicks.first?.cycle)
    }

    @Test func nothingEligibleIsRememberedPerRotation() throws {
        let (box, library) = try library(["Home one"])
        defer { withExtendedLifetime(box) {} }  // its home holds the library
        var workSettings = Settings()
        workSettings.tags = ["work"]
        let now = Timestamp(rfc3339: "2026-03-01T09:30:00Z")!
        let work = try RotationService(library: library, settings: workSettings, now: now, name: "work").ensureCurrent()
        #expect(work.state.pick == nil && !work.picked)
        #expect(try library.emptySince(rotation: "work") == Timestamp(rfc3339: "2026-03-01T09:00:00Z"))
        #expect(try library.emptySince() == nil)
        let home = try RotationService(library: library, settings: Settings(), now: now).ensureCurrent()
        #expect(home.state.pick?.snapshot.text == "Home one")
        #expect(try library.emptySince(rotation: "work") != nil)
    }

    /// Picks made before rotations had names belong to the default rotation.
    @Test func aVersion4LibraryKeepsItsHistoryInTheDefaultRotation() throws {
        let box = try Sandbox()
        do {
            let db = try Database(path: box.libraryPath)
            try db.execute("PRAGMA journal_mode = WAL")
            for migration in Schema.migrations.prefix(4) { try db.execute(migration) }
            try db.execute("PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 4")
            try db.execute("INSERT INTO meta (key, value) VALUES ('uuid', '2b0f7a7e-1c1e-4c1a-9d3e-8b7f6a5e4d3c'), ('seed', '7')")
            try db.run(
                "INSERT INTO citations (uuid, text, created_at, updated_at, text_length) VALUES (?, 'Before', 1, 1, 6)",
                .text(UUIDString.random()))
            let snapshot = #"{"id":1,"uuid":"u","text":"Before","back":null,"author":null,"source":null,"tags":[],"favourite":false}"#
            try db.run(
                "INSERT INTO picks (slot_start, slot_end, picked_at, citation_id, cycle, reason, snapshot) VALUES (0, 3600, 0, 1, 1, 'rotate', ?)",
                .text(snapshot))
            try db.execute("INSERT INTO rotation_cache (id, generation, filter, entries) VALUES (1, 0, 'x', x'')")
        }
        let library = try box.library()
        #expect(try library.db.scalar("PRAGMA user_version") == Int64(Schema.latestVersion))
        #expect(try library.latestPick()?.snapshot.text == "Before")
        #expect(try library.latestPick(rotation: "work") == nil)
        #expect(try library.cycleState().cycle == 1)
        #expect(try library.db.scalar("SELECT count(*) FROM rotation_cache") == 0)
        #expect(try library.integrityCheck() == "ok")
        #expect(try library.db.query("PRAGMA foreign_key_check") { $0.text(0) }.isEmpty)
    }
}
