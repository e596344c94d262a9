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

@Suite struct SettingKeyTests {
    @Test func parsesWordsIntoStoredValues() throws {
        #expect(try SettingKey.interval.parse(words: ["24h"], home: nil) == .string("1d"))
        #expect(try SettingKey.tags.parse(words: ["life", "work", "Life"], home: nil) == .array([.string("life"), .string("work")]))
        #expect(try SettingKey.favouritesOnly.parse(words: ["yes"], home: nil) == .bool(true))
        #expect(try SettingKey.favouritesOnly.parse(words: ["false"], home: nil) == .bool(false))
        #expect(try SettingKey.seed.parse(words: ["-42"], home: nil) == .int(-42))
        #expect(try SettingKey.outputDirectory.parse(words: ["~/feeds"], home: "/home/me") == .string("/home/me/feeds"))
        #expect(try SettingKey.feedURL.parse(words: [""], home: nil) == .string(""))
    }

    /// Every key refuses a bad value, with a reason.
    @Test(arguments: [
        (SettingKey.interval, "7m"), (.tags, "a,b"), (.favouritesOnly, "maybe"), (.favouriteWeight, "11"),
        (.favouriteWeight, "0"), (.maxLength, "-1"), (.seed, "abc"), (.outputDirectory, ""), (.feedTitle, " "),
        (.feedDescription, "a\u{7}b"), (.feedAuthor, String(repeating: "a", count: 501)), (.feedLanguage, "english!"),
        (.feedURL, "ftp://example.com/"), (.feedItems, "501"), (.statusWidth, "9"), (.statusTemplate, "{nope}"),
    ])
    func refusesBadValues(key: SettingKey, word: String) {
        #expect(throws: SettingValueError.self) { try key.parse(words: [word], home: nil) }
    }

    @Test func validatesStoredTypes() {
        #expect(throws: SettingValueError(reason: "expected a whole number, found a string")) {
            try SettingKey.feedItems.validate(.string("20"))
        }
        #expect(throws: SettingValueError.self) { try SettingKey.tags.validate(.string("life")) }
    }
}

/// The defaults are declared once (in `Settings`); what `defaults` shows and what the code uses
/// cannot drift apart.
@Suite struct SettingDefaultsTests {
    /// The README's settings table, written out by hand.
    @Test func theDefaultsAreTheSpecs() {
        let expected: [SettingKey: JSONValue] = [
            .interval: .string("1h"), .tags: .array([]), .favouritesOnly: .bool(false), .favouriteWeight: .int(2), .maxLength: .int(0),
            .feedTitle: .string("Citations"), .feedDescription: .string("A citation from my library, rotating"),
            .feedAuthor: .string("citefeed"), .feedLanguage: .string("en"), .feedURL: .string(""), .feedItems: .int(20),
            .statusWidth: .int(60), .statusTemplate: .string("“{text}”[ — {author}]"),
            // Scrolling.
            .scroll: .bool(false), .scrollSpeed: .int(4),
            // A rotation's schedule, filters and announcements, documented in the guide.
            .offset: .string("0"), .activeHours: .string("00:00-24:00"), .days: .string("mon-sun"), .excludeTags: .array([]),
            .authors: .array([]), .excludeAuthors: .array([]), .sources: .array([]), .search: .string(""), .minLength: .int(0),
            .weights: .object([]), .notify: .bool(false), .feedHub: .string(""), .publishCommand: .array([]), .wallpaperCommand: .array([]),
            // Study (the reference FSRS's defaults, and Anki's day start).
            .desiredRetention: .double(0.9), .newPerDay: .int(20), .learningSteps: .array([.string("1m"), .string("10m")]),
            .relearningSteps: .array([.string("10m")]), .maximumInterval: .int(36500), .dayStartsAt: .string("04:00"),
            .studyParameters: .array([]), .deckParameters: .object([]),
            .mode: .string("rotate"),
            // Sync (empty: the host name).
            .syncName: .string(""), .notesFormat: .string("obsidian"), .notesArchived: .string("section"),
            .digestTo: .string(""), .digestTime: .string("07:00"), .digestCount: .int(5),
            // Pictures (no background image: none).
            .pictures: .array([]), .sleepScreenRotation: .string(""), .sleepScreenCount: .int(20), .pictureTheme: .string("light"),
            .pictureMargins: .array([.int(0)]),
        ]
        for key in SettingKey.allCases {
            #expect(key.defaultValue == expected[key], "\(key)")
        }
    }

    /// Each default passes its own check unchanged.
    @Test func eachDefaultPassesItsOwnCheck() throws {
        for key in SettingKey.allCases {
            if let value = key.defaultValue { #expect(try key.validate(value) == value, "\(key)") }
        }
    }
}

@Suite final class SettingsFileTests {
    /// A folder of this test's own for its settings files (and their locks), removed after it.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("citefeed-settings-\(UUID().uuidString)")
    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: folder) }

    func temporaryPath() -> String { folder.appendingPathComponent("settings-\(UUID().uuidString).json").path }

    @Test func missingFileMeansDefaults() throws {
        let (settings, warnings) = try SettingsFile(path: temporaryPath()).load()
        #expect(settings.interval.minutes == 60 && settings.feedItems == 20 && settings.statusTemplate == "“{text}”[ — {author}]")
        #expect(warnings.isEmpty)
    }

    @Test func writesOnlyChangedKeysSortedAndPretty() throws {
        let file = SettingsFile(path: temporaryPath())
        try file.write(.statusWidth, .int(80))
        try file.write(.interval, .string("15m"))
        try file.write(.tags, .array([.string("life")]))
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text == "{\n  \"interval\": \"15m\",\n  \"statusWidth\": 80,\n  \"tags\": [\n    \"life\"\n  ]\n}\n")
        #expect(try file.delete(.statusWidth))
        #expect(try !file.delete(.statusWidth))
        let (settings, _) = try file.load()
        #expect(settings.interval.minutes == 15 && settings.statusWidth == 60 && settings.tags == ["life"])
    }

    @Test func warnsAboutUnknownKeys() throws {
        let path = temporaryPath()
        try #"{"intervall": "1h", "feedTitle": "Mine"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let (settings, warnings) = try SettingsFile(path: path).load()
        #expect(settings.feedTitle == "Mine")
        #expect(warnings.map(\.words) == ["\(path): unknown setting \"intervall\" is ignored; did you mean \"interval\"?"])
    }

    @Test func badFilesNameTheFileKeyAndValue() throws {
        let path = temporaryPath()
        try #"{"interval": "7m"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(
            throws: SettingsError.badValue(
                path: path, key: "interval", value: "\"7m\"",
                reason: .rule("an interval must divide a day (such as 5m, 15m, 2h, 6h) or be whole days"))
        ) {
            try SettingsFile(path: path).load()
        }
        try "{ interval: 1h }".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SettingsError.notJSON(path: path, reason: "line 1, column 3: expected a quoted member name")) {
            try SettingsFile(path: path).load()
        }
    }
}
