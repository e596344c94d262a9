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

/// Each named rotation keeps the settings it changes in the same
/// `settings.json`, under "rotations", sorted; a key it does not set is the default rotation's.
@Suite final class RotationSettingsTests {
    /// A folder of this test's own for its settings files (and their locks), removed after it.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("citefeed-settings-\(UUID().uuidString)")
    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: folder) }

    func temporaryPath() -> String { folder.appendingPathComponent("settings-\(UUID().uuidString).json").path }

    @Test func rotationsAreAddedRenamedAndRemovedInTheFile() throws {
        let file = SettingsFile(path: temporaryPath())
        try file.write(.interval, .string("15m"))
        try file.addRotation("work")
        try file.addRotation("morning")
        #expect(try file.rotationNames() == ["morning", "work"])
        try file.write(.interval, .string("1d"), rotation: "morning")
        try file.write(.tags, .array([.string("stoic")]), rotation: "work")
        #expect(
            try String(contentsOfFile: file.path, encoding: .utf8) == """
                {
                  "interval": "15m",
                  "rotations": {
                    "morning": {
                      "interval": "1d"
                    },
                    "work": {
                      "tags": [
                        "stoic"
                      ]
                    }
                  }
                }

                """)
        try file.renameRotation("work", to: "desk")
        #expect(try file.rotationNames() == ["desk", "morning"])
        #expect(try file.load(rotation: "desk").settings.tags == ["stoic"])
        #expect(throws: SettingsError.rotationExists("morning")) { try file.addRotation("morning") }
        #expect(throws: SettingsError.rotationExists("morning")) { try file.renameRotation("desk", to: "morning") }
        #expect(throws: SettingsError.noSuchRotation("work")) { try file.removeRotation("work") }
        try file.removeRotation("desk")
        try file.removeRotation("morning")
        #expect(try file.rotationNames().isEmpty)
        // The last one gone, the file is as it was before any.
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "{\n  \"interval\": \"15m\"\n}\n")
    }

    @Test func aRotationFallsBackToTheDefaultRotationsKeys() throws {
        let file = SettingsFile(path: temporaryPath())
        try file.write(.feedTitle, .string("Mine"))
        try file.write(.interval, .string("2h"))
        try file.addRotation("morning")
        try file.write(.interval, .string("1d"), rotation: "morning")
        let morning = try file.load(rotation: "morning").settings
        #expect(morning.interval.minutes == 1440 && morning.feedTitle == "Mine" && morning.feedItems == 20)
        let standard = try file.load().settings
        #expect(standard.interval.minutes == 120)
        // Deleting the rotation's key gives it the default rotation's value again.
        #expect(try file.delete(.interval, rotation: "morning"))
        #expect(try !file.delete(.interval, rotation: "morning"))
        #expect(try file.load(rotation: "morning").settings.interval.minutes == 120)
        #expect(try file.rotationNames() == ["morning"])
        #expect(throws: SettingsError.noSuchRotation("evening")) { try file.load(rotation: "evening") }
    }

    @Test func badRotationsInTheFileNameTheirKey() throws {
        let path = temporaryPath()
        let file = SettingsFile(path: path)
        for (json, key, value, reason) in [
            (
                #"{"rotations": {"work": {"interval": "7m"}}}"#, "rotations.work.interval", "\"7m\"",
                "an interval must divide a day (such as 5m, 15m, 2h, 6h) or be whole days"
            ),
            (
                #"{"rotations": {"../x": {}}}"#, "rotations", "\"../x\"",
                "a rotation name is made of letters, digits, - and _, and starts with a letter or a digit"
            ),
            (#"{"rotations": ["work"]}"#, "rotations", "[\"work\"]", "expected an object of rotations by name"),
            (#"{"rotations": {"work": 3}}"#, "rotations.work", "3", "expected an object of settings"),
        ] {
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            // Whichever rotation runs: a bad value anywhere in the file stops it.
            #expect(throws: SettingsError.badValue(path: path, key: key, value: value, reason: .rule(reason))) { try file.load() }
        }
        try #"{"rotations": {"work": {"intervall": "1h"}}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let (_, warnings) = try file.load(rotation: "work")
        #expect(
            warnings.map(\.words) == ["\(path): unknown setting \"intervall\" of rotation \"work\" is ignored; did you mean \"interval\"?"])
    }

    @Test(arguments: ["work", "a", "Morning_2", "x-y", String(repeating: "r", count: 32)])
    func goodNames(name: String) throws { try RotationName.validate(name) }

    @Test(arguments: ["", "-x", "_x", "a b", "a/b", "..", "é", String(repeating: "r", count: 33)])
    func badNames(name: String) {
        #expect(throws: SettingValueError.self) { try RotationName.validate(name) }
    }
}
