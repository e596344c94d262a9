import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Picks and settings through sync: a slot's pick is the same everywhere once
/// synced, the rotations' filters and the study settings follow, and nothing that runs or
/// writes on a machine ever does.
@Suite struct SyncRotationTests {
    /// Two machines with one library of `count` citations.
    static func pair(_ count: Int = 12) throws -> (SyncMachine, SyncMachine) {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder), b = try SyncMachine("b", folder: folder)
        for n in 1...count { try a.add("Citation number \(n)", tags: n % 3 == 0 ? ["three"] : []) }
        try a.sync()
        b.wait(60)
        try b.sync()
        try a.sync()
        return (a, b)
    }

    @Test func twoMachinesThatPickedForOneSlotShowTheSamePickOnceSynced() throws {
        let (a, b) = try Self.pair()
        // b's library seed differs from a's until the first seed made stands.
        #expect(try a.library.seed() == b.library.seed())
        // Both rotate the same slot, and b runs next too, each offline.
        try a.rotate()
        b.wait(5)
        try b.rotate()
        try b.next()
        a.wait(60)
        try a.next()
        try a.sync()
        try b.sync()
        try a.sync()
        #expect(try a.history() == b.history())
        // Every pick stays, in one order: by slot, then by clock; the last is shown.
        #expect(try a.history().count == 4)
        let (latestA, latestB, history) = (try a.library.latestPick(), try b.library.latestPick(), try a.history())
        #expect(
            latestA?.snapshot.uuid == latestB?.snapshot.uuid, "\(String(describing: latestA)) \(String(describing: latestB)) \(history)")
        #expect(try a.upcoming() == b.upcoming())
        // The next slots, rotated on each machine, agree without syncing: one rotator, one history.
        a.now = Timestamp(seconds: a.now.seconds + 3600)
        b.now = a.now
        #expect(try a.rotate() == b.rotate())
    }

    @Test func filtersAndStudySettingsSyncAndWhatRunsOrWritesNeverDoes() throws {
        let (a, b) = try Self.pair()
        try a.set(.tags, .array([.string("three")]))
        try a.set(.newPerDay, .int(7))
        try a.set(.publishCommand, .array([.string("touch"), .string("/tmp/citefeed-owned")]))
        try a.set(.outputDirectory, .string("/tmp/elsewhere"))
        try a.set(.statusWidth, .int(33))
        try a.sync()
        try b.sync()
        #expect(try b.settings().tags == ["three"])
        #expect(try b.settings().newPerDay == 7)
        let file = try String(contentsOfFile: b.paths.settings, encoding: .utf8)
        #expect(!file.contains("publishCommand") && !file.contains("outputDirectory") && !file.contains("statusWidth"), "\(file)")
        // b sets the filter back to its default; a follows.
        b.wait(60)
        _ = try SettingsFile(path: b.paths.settings).delete(.tags)
        try b.sync()
        a.wait(120)
        try a.sync()
        #expect(try a.settings().tags.isEmpty)
        #expect(try a.settings().newPerDay == 7)
        // A rotation a has and b does not: kept for b until b makes it.
        try SettingsFile(path: a.paths.settings).addRotation("work")
        try a.set(.interval, .string("15m"), rotation: "work")
        try a.sync()
        try b.sync()
        #expect(try SettingsFile(path: b.paths.settings).rotationNames().isEmpty)
        try SettingsFile(path: b.paths.settings).addRotation("work")
        try b.sync()
        #expect(try b.settings("work").interval == a.settings("work").interval)
        #expect(try b.settings("work").interval.minutes == 15)
    }

    @Test func aSettingLineForWhatRunsACommandIsSkipped() throws {
        let folder = try SyncMachine.sharedFolder()
        let a = try SyncMachine("a", folder: folder)
        let other = folder.appendingPathComponent("0b9f5c1e-0000-4000-8000-00000000000a")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let lines = [
            #"{"v":1,"s":1,"c":"1772354000000-0","k":"s","key":"publishCommand","r":"","value":["sh","-c","touch /tmp/pwned"]}"#,
            #"{"v":1,"s":2,"c":"1772354000000-1","k":"s","key":"outputDirectory","r":"","value":"/etc"}"#,
            #"{"v":1,"s":3,"c":"1772354000000-2","k":"s","key":"interval","r":"","value":"no such interval"}"#,
            #"{"v":1,"s":4,"c":"1772354000000-3","k":"s","key":"interval","r":"../../x","value":"1h"}"#,
            #"{"v":1,"s":5,"c":"1772354000000-4","k":"s","key":"favouriteWeight","r":"","value":5}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(
            to: other.appendingPathComponent("log-000001.jsonl"), atomically: true, encoding: .utf8)
        let report = try a.sync()
        #expect(report.skipped.map(\.line) == [1, 2, 3, 4])
        #expect(try a.settings().favouriteWeight == 5)
        let file = try String(contentsOfFile: a.paths.settings, encoding: .utf8)
        #expect(!file.contains("publishCommand") && !file.contains("/etc"))
    }
}
