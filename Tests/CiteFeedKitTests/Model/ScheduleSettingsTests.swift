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

/// The schedule and weight settings' values, each checked alone and against the others.
@Suite struct ScheduleSettingsTests {
    @Test func offsetsParseAndPrintShortest() throws {
        #expect(try Schedule.parseOffset("7h") == 420)
        #expect(try Schedule.parseOffset(" 1d7h30m ") == 1440 + 450)
        #expect(try Schedule.parseOffset("90m") == 90)
        #expect(try Schedule.parseOffset("0") == 0)
        #expect(Span(minutes: 90).description == "1h30m")
        #expect(Span(minutes: 1440 + 420).description == "1d7h")
        #expect(Span(minutes: 0).description == "0")
        for bad in ["", "7", "h", "7x", "7h7h", "-1h", "30d", "1d 7h", "٣h"] {
            #expect(throws: SettingValueError.self, "\(bad)") { try Schedule.parseOffset(bad) }
        }
    }

    @Test func activeHoursParseAndContain() throws {
        let day = try ActiveHours(parsing: "08:00-22:00")
        #expect(day.description == "08:00-22:00")
        #expect(day.contains(minute: 8 * 60) && day.contains(minute: 22 * 60 - 1))
        #expect(!day.contains(minute: 22 * 60) && !day.contains(minute: 7 * 60 + 59))
        let night = try ActiveHours(parsing: "22:00-6:00")
        #expect(night.description == "22:00-06:00")
        #expect(night.contains(minute: 23 * 60) && night.contains(minute: 0) && night.contains(minute: 5 * 60 + 59))
        #expect(!night.contains(minute: 6 * 60) && !night.contains(minute: 12 * 60))
        #expect(try ActiveHours(parsing: "00:00-24:00") == .always)
        for bad in [
            "8-22", "08:00", "08:00-08:00", "24:00-06:00", "08:60-09:00", "25:00-26:00", "08:00-22:00-23:00", "8:0-9:00", "a:bc-d:ef",
        ] {
            #expect(throws: SettingValueError.self, "\(bad)") { try ActiveHours(parsing: bad) }
        }
    }

    @Test func daysParseAcrossTheWeeksEnd() throws {
        #expect(try Weekdays(parsing: "mon-fri").description == "mon-fri")
        #expect(try Weekdays(parsing: "Sat,SUN").description == "sat,sun")
        #expect(try Weekdays(parsing: "fri-mon").description == "mon,fri-sun")
        #expect(try Weekdays(parsing: "monday, wed-thu").description == "mon,wed,thu")
        #expect(try Weekdays(parsing: "sun-sat") == .all)
        let weekend = try Weekdays(parsing: "sat-sun")
        #expect(weekend.contains(weekday: 5) && weekend.contains(weekday: 6) && !weekend.contains(weekday: 0))
        for bad in ["", "mo", "mon-", "funday", "mon--fri", "mon,,fri", "1-5"] {
            #expect(throws: SettingValueError.self, "\(bad)") { try Weekdays(parsing: bad) }
        }
    }

    @Test func weightRulesParse() throws {
        let rule = try WeightRule(parsing: "tag:Stoic=3")
        #expect(rule.kind == .tag && rule.name == "Stoic" && rule.weight == 3 && rule.description == "tag:Stoic=3")
        #expect(try WeightRule(parsing: "author:Seneca=0").weight == 0)
        #expect(try WeightRule(parsing: "source:a=b=2").name == "a=b")
        for bad in [
            "stoic=3", "tag:stoic", "tag:stoic=11", "tag:stoic=-1", "tag:=2", "colour:red=2", "tag:stoic=x", "author:a\u{7}b=2",
            "tag:a,b=2",
        ] {
            #expect(throws: SettingValueError.self, "\(bad)") { try WeightRule(parsing: bad) }
        }
    }

    @Test func newKeysParseIntoStoredValues() throws {
        #expect(
            try SettingKey.weights.parse(words: ["tag:stoic=3", "author:Seneca=0", "TAG:STOIC=2"], home: nil)
                == .object([("author:Seneca", .int(0)), ("tag:STOIC", .int(2))]))
        #expect(
            try SettingKey.authors.parse(words: ["Marcus Aurelius", " seneca ", "Seneca"], home: nil)
                == .array([.string("Marcus Aurelius"), .string("seneca")]))
        #expect(try SettingKey.excludeTags.parse(words: ["work", "Work"], home: nil) == .array([.string("work")]))
        #expect(
            try SettingKey.publishCommand.parse(words: ["rsync", "-a", " spaced "], home: nil)
                == .array([.string("rsync"), .string("-a"), .string(" spaced ")]))
        #expect(try SettingKey.offset.parse(words: ["60m"], home: nil) == .string("1h"))
        #expect(try SettingKey.activeHours.parse(words: ["8:00-22:00"], home: nil) == .string("08:00-22:00"))
        #expect(try SettingKey.days.parse(words: ["Mon-Fri"], home: nil) == .string("mon-fri"))
        #expect(try SettingKey.notify.parse(words: ["on"], home: nil) == .bool(true))
        #expect(try SettingKey.minLength.parse(words: ["20"], home: nil) == .int(20))
        #expect(try SettingKey.search.parse(words: [" courage "], home: nil) == .string("courage"))
        #expect(try SettingKey.feedHub.parse(words: ["https://hub.example/"], home: nil) == .string("https://hub.example/"))
        #expect(try SettingKey.desiredRetention.parse(words: ["0.85"], home: nil) == .double(0.85))
        #expect(
            try SettingKey.learningSteps.parse(words: ["1m", "60m", "1d"], home: nil)
                == .array([.string("1m"), .string("1h"), .string("1d")]))
        #expect(try SettingKey.relearningSteps.parse(words: [], home: nil) == .array([]))
        #expect(try SettingKey.dayStartsAt.parse(words: ["4:00"], home: nil) == .string("04:00"))
        var s = Settings()
        s.learningSteps = [5, 60]
        s.desiredRetention = 0.8
        #expect(FSRS(s).learningSteps == [300, 3600] && FSRS(s).desiredRetention == 0.8 && FSRS(s).relearningSteps == [600])
    }

    /// Every new key refuses a bad value, with a reason.
    @Test(arguments: [
        (SettingKey.offset, ["7x"]), (.activeHours, ["8-22"]), (.days, ["weekdays"]), (.excludeTags, ["a,b"]), (.authors, [""]),
        (.excludeAuthors, ["a\u{1}"]), (.sources, [String(repeating: "s", count: 501)]), (.search, ["*"]), (.minLength, ["-1"]),
        (.weights, ["tag:x=11"]), (.weights, ["x=1"]), (.notify, ["perhaps"]), (.feedHub, ["ftp://hub/"]), (.publishCommand, ["", "x"]),
        (.authors, Array(repeating: "a", count: 101).enumerated().map { "a\($0.offset)" }),
        (.desiredRetention, ["0.98"]), (.desiredRetention, ["0.5"]), (.desiredRetention, ["high"]), (.newPerDay, ["-1"]),
        (.learningSteps, ["0m"]), (.learningSteps, ["2d"]), (.relearningSteps, ["ten"]), (.maximumInterval, ["0"]),
        (.maximumInterval, ["36501"]), (.dayStartsAt, ["24:00"]), (.dayStartsAt, ["4"]),
    ])
    func refusesBadValues(key: SettingKey, words: [String]) {
        #expect(throws: SettingValueError.self) { try key.parse(words: words, home: nil) }
    }

    @Test func storedValuesOfTheWrongShapeAreRefused() {
        #expect(throws: SettingValueError.self) { try SettingKey.weights.validate(.array([.string("tag:x=1")])) }
        #expect(throws: SettingValueError.self) { try SettingKey.weights.validate(.object([("tag:x", .string("1"))])) }
        #expect(throws: SettingValueError.self) { try SettingKey.weights.validate(.object([("tag:x", .int(1)), ("TAG:X", .int(2))])) }
        #expect(throws: SettingValueError.self) { try SettingKey.publishCommand.validate(.string("rsync -a")) }
        #expect(throws: SettingValueError.self) { try SettingKey.notify.validate(.string("yes")) }
        #expect(throws: SettingValueError.self) { try SettingKey.days.validate(.int(5)) }
    }

    /// Values each fine alone that cannot work together.
    @Test func conflictsAreFound() throws {
        var s = Settings()
        #expect(s.conflict() == nil)
        s.offset = 60
        #expect(s.conflict()?.key == .offset)
        s.interval = Interval(minutes: 1440)
        #expect(s.conflict() == nil)
        s.minLength = 100
        s.maxLength = 50
        #expect(s.conflict()?.key == .minLength)
        s.maxLength = 0
        s.feedHub = "https://hub.example/"
        #expect(s.conflict()?.key == .feedHub)
        s.feedURL = "https://example.org/q/"
        #expect(s.conflict() == nil)
    }
}
