import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedModel
@testable import CiteFeedSupport

/// A setting is declared once, as a property of `Settings` and one entry of
/// `SettingKey.declaration`, and everything else is made from that entry.
@Suite struct SettingsTableTests {
    /// A value other than the default for each key, in its stored form.
    static let others: [SettingKey: JSONValue] = [
        .interval: .string("15m"), .tags: .array([.string("calm"), .string("work")]), .favouritesOnly: .bool(true),
        .favouriteWeight: .int(5), .maxLength: .int(140), .seed: .int(-7), .outputDirectory: .string("/srv/feeds"),
        .feedTitle: .string("Mine"), .feedDescription: .string("D"), .feedAuthor: .string("A"), .feedLanguage: .string("de-CH"),
        .feedURL: .string("https://example.org/q/"), .feedItems: .int(7), .statusWidth: .int(33), .statusTemplate: .string("{text}"),
        .scroll: .bool(true), .scrollSpeed: .int(9),
        .pictures: .array([.string("square"), .string("kobo-clara")]), .sleepScreenRotation: .string("night"), .sleepScreenCount: .int(5),
        .pictureTheme: .string("sepia"), .pictureMargins: .array([.int(32), .int(0), .int(0)]), .pictureBackground: .string("/srv/bg.png"),
        .wallpaperCommand: .array([
            .string("swaymsg"), .string("output"), .string("*"), .string("bg"), .string("{wallpaper}"), .string("fill"),
        ]),
        .offset: .string("1d7h"), .activeHours: .string("22:00-06:00"), .days: .string("mon,wed-fri"), .excludeTags: .array([.string("x")]),
        .authors: .array([.string("Seneca")]), .excludeAuthors: .array([.string("Anon")]), .sources: .array([.string("Letters")]),
        .search: .string("courage wisdom"), .minLength: .int(10), .weights: .object([("author:Seneca", .int(0)), ("tag:stoic", .int(3))]),
        .notify: .bool(true), .feedHub: .string("https://hub.example/"), .publishCommand: .array([.string("rsync"), .string("-a")]),
        .syncFolder: .string("/srv/sync"), .syncName: .string("laptop"),
        .notesFolder: .string("/home/me/Notes"), .notesFormat: .string("logseq"), .notesArchived: .string("remove"),
        .digestTo: .string("me@example.org"), .digestTime: .string("mon 07:30"), .digestCount: .int(9),
        .desiredRetention: .double(0.85), .newPerDay: .int(5), .learningSteps: .array([.string("5m"), .string("1h"), .string("1d")]),
        .relearningSteps: .array([]), .maximumInterval: .int(365), .dayStartsAt: .string("00:30"), .mode: .string("review"),
        .studyParameters: .array(StudyParameters.bounds.map { .double(($0.0 + $0.1) / 2) }),
        .deckParameters: .object([("spanish", .array(StudyParameters.bounds.map { .double(($0.0 + $0.1) / 2) }))]),
    ]

    /// The stored properties of `settings` that are settings (not which rotation they are of, nor
    /// which keys are set), by name, each as text to compare.
    static func properties(_ settings: Settings) -> [String: String] {
        var result: [String: String] = [:]
        for child in Mirror(reflecting: settings).children {
            guard let label = child.label, label != "rotation", label != "setKeys" else { continue }
            result[label] = String(describing: child.value)
        }
        return result
    }

    /// Each entry writes exactly one property, its own (the one of its name), and every
    /// property is written by exactly one entry: none is left without an entry or shared.
    @Test func everyPropertyHasExactlyOneEntry() throws {
        let defaults = SettingsTableTests.properties(Settings())
        var writers: [String: [SettingKey]] = [:]
        for key in SettingKey.allCases {
            let value = try key.setting.read(try #require(SettingsTableTests.others[key], "\(key)"))
            let changed = SettingsTableTests.properties(Settings(values: [value])).filter { defaults[$0.key] != $0.value }.map(\.key)
            #expect(changed == [key.rawValue], "\(key) writes \(changed)")
            for name in changed { writers[name, default: []].append(key) }
        }
        for name in defaults.keys.sorted() {
            #expect(writers[name]?.count == 1, "the property \(name) has \(writers[name]?.count ?? 0) entries")
        }
    }

    /// A stored value is read once and comes back as stored; unset keys keep their default.
    @Test func valuesRoundTripThroughTheirEntry() throws {
        for key in SettingKey.allCases {
            let other = try #require(SettingsTableTests.others[key])
            let settings = Settings(values: [try key.setting.read(other)])
            #expect(settings.value(of: key) == other, "\(key)")
            #expect(settings.isSet(key) && SettingKey.allCases.filter { settings.isSet($0) } == [key])
            var reset = settings
            reset.reset(key)
            #expect(reset.value(of: key) == key.defaultValue && !reset.isSet(key), "\(key)")
        }
    }

    /// A setting's words on the command line go through the same entry: a list takes several,
    /// the others exactly one, and what a shell offers after the key is the entry's.
    @Test func wordsAndCompletionsComeFromTheEntry() throws {
        #expect(throws: SettingValueError.rule("interval takes one value, not 2")) {
            try SettingKey.interval.parse(words: ["1h", "2h"], home: nil)
        }
        #expect(throws: SettingValueError.rule("a value is missing")) { try SettingKey.statusWidth.parse(words: [], home: nil) }
        #expect(try SettingKey.relearningSteps.parse(words: [], home: nil) == .array([]))
        #expect(try SettingKey.offset.parse(words: ["420m"], home: nil) == .string("7h"))
        #expect(try SettingKey.dayStartsAt.parse(words: ["4:30"], home: nil) == .string("04:30"))
        #expect(try SettingKey.mode.parse(words: ["REVIEW"], home: nil) == .string("review"))
        #expect(throws: SettingValueError.rule("use rotate or review")) { try SettingKey.mode.parse(words: ["study"], home: nil) }
        #expect(throws: SettingValueError.rule("use a number from 0.70 to 0.97")) {
            try SettingKey.desiredRetention.parse(words: ["0.99"], home: nil)
        }
        #expect(SettingKey.mode.setting.completion == .words(["rotate", "review"]))
        #expect(SettingKey.notify.setting.completion == .words(["yes", "no"]))
        #expect(SettingKey.excludeTags.setting.completion == .tags)
        #expect(SettingKey.outputDirectory.setting.completion == .directories)
        #expect(
            SettingKey.allCases.filter(\.isList) == [
                .tags, .excludeTags, .authors, .excludeAuthors, .sources, .weights, .publishCommand, .pictures, .pictureMargins,
                .wallpaperCommand,
                .learningSteps, .relearningSteps, .studyParameters, .deckParameters,
            ])
        #expect(SettingKey.pictureBackground.setting.completion == .files)
        #expect(SettingKey.pictureTheme.setting.completion == .words(["light", "dark", "sepia", "eink", "tag"]))
        #expect(try SettingKey.pictureMargins.parse(words: ["32", "0", "0", "0"], home: nil) == .array([.int(32), .int(0), .int(0)]))
        #expect(try SettingKey.pictureMargins.parse(words: ["8", "8"], home: nil) == .array([.int(8)]))
        #expect(
            try SettingKey.pictureMargins.parse(words: ["1", "2", "3", "4"], home: nil) == .array([.int(1), .int(2), .int(3), .int(4)]))
        #expect(throws: SettingValueError.rule("use whole numbers of pixels, such as 32 0 0 0")) {
            try SettingKey.pictureMargins.parse(words: ["32px"], home: nil)
        }
        for bad in [["1", "2", "3", "4", "5"], ["-1"], ["4097"], []] {
            #expect(throws: SettingValueError.rule("use 1 to 4 whole numbers of pixels from 0 to 4096"), "\(bad)") {
                try SettingKey.pictureMargins.parse(words: bad, home: nil)
            }
        }
    }
}

/// The README's settings table and the manual's SETTINGS section are made from the entries.
@Suite struct SettingsReferenceTests {
    static let readme = packageRoot.appendingPathComponent("doc/settings.md")
    static let start =
        "<!-- settings: made from the settings' declarations; RECORD_GOLDEN=1 swift test --filter SettingsReference rewrites it -->\n"
    static let end = "<!-- end of settings -->\n"

    @Test func theReadmeTableIsTheDeclarations() throws {
        let text = try String(contentsOf: SettingsReferenceTests.readme, encoding: .utf8)
        let start = try #require(text.range(of: SettingsReferenceTests.start), "doc/settings.md has no settings markers")
        let end = try #require(text.range(of: SettingsReferenceTests.end, range: start.upperBound..<text.endIndex))
        let table = SettingsReference.markdown()
        if Golden.recording {
            try (String(text[..<start.upperBound]) + table + String(text[end.lowerBound...])).write(
                to: SettingsReferenceTests.readme, atomically: true, encoding: .utf8)
            Issue.record("Rewrote doc/settings.md's settings table; run again without RECORD_GOLDEN=1.")
            return
        }
        #expect(
            String(text[start.upperBound..<end.lowerBound]) == table,
            "doc/settings.md's settings table is stale: RECORD_GOLDEN=1 swift test --filter SettingsReference")
        for key in SettingKey.allCases { #expect(table.contains("| `\(key.rawValue)` |"), "\(key)") }
    }

    @Test func theManualSaysEachDefaultAndTheFurtherWords() {
        let roff = SettingsReference.roff()
        #expect(roff.contains(".B interval\nslot length, 1m..30d, dividing a day or whole days (15m, 1h, 1d, 7d). Default: \\fB1h\\fR.\n"))
        #expect(roff.contains(".B seed\n") && roff.contains("Default: random, kept in the library.\n"))
        #expect(roff.contains(".B tags\n") && roff.contains("(empty = all). Default: empty.\n"))
        #expect(roff.contains("Needs feedURL. Default: empty.\n"))
    }
}
