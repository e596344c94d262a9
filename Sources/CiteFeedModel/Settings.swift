import CiteFeedSupport

/// The effective settings: what `settings.json` holds over the defaults. Values are validated
/// before they get here (`SettingsFile.load`). The defaults are the initial values below, and
/// only there: `SettingKey.defaultValue` reads them back through `value(of:)`.
public struct Settings: Sendable {
    /// What the rotation shows (issue 14).
    public var mode = RotationMode.rotate
    public var interval = Interval(minutes: 60)
    /// Minutes from midnight (Monday midnight for multi-day intervals) to the first boundary.
    public var offset = 0
    public var activeHours = ActiveHours.always
    public var days = Weekdays.all
    public var tags: [String] = []
    public var excludeTags: [String] = []
    public var authors: [String] = []
    public var excludeAuthors: [String] = []
    public var sources: [String] = []
    /// Search words, as `list --search`; "" is no search.
    public var search = ""
    public var favouritesOnly = false
    public var minLength = 0
    public var maxLength = 0
    public var favouriteWeight = 2
    public var weights: [WeightRule] = []
    public var notify = false
    /// `nil`: the seed kept in the library.
    public var seed: Int64?
    /// `nil`: the default output directory of `Paths`.
    public var outputDirectory: String?
    public var feedTitle = "Citations"
    public var feedDescription = "A citation from my library, rotating"
    public var feedAuthor = "citefeed"
    public var feedLanguage = "en"
    public var feedURL = ""
    public var feedItems = 20
    public var feedHub = ""
    /// The command and its arguments; empty: nothing is run.
    public var publishCommand: [String] = []
    public var statusWidth = 60
    public var statusTemplate = "“{text}”[ — {author}]"
    /// Study (issue 14): FSRS's settings and the study day.
    public var desiredRetention = 0.9
    public var newPerDay = 20
    /// In minutes.
    public var learningSteps = [1, 10]
    public var relearningSteps = [10]
    public var maximumInterval = 36500
    /// Minutes after midnight.
    public var dayStartsAt = 240

    /// The rotation these settings are of: "" for the unnamed default one (not a setting: it is
    /// where in `settings.json` they were read from).
    public var rotation = ""

    /// The keys set in the file, in their stored form, sorted by key.
    public private(set) var stored: [(String, JSONValue)] = []

    public init() {}

    /// The settings of a new home.
    static let defaults = Settings()

    /// Applies validated stored values over the defaults.
    package init(stored: [(SettingKey, JSONValue)]) {
        for (key, value) in stored { apply(key, value) }
        self.stored = stored.map { ($0.0.rawValue, $0.1) }.sorted { $0.0 < $1.0 }
    }

    /// A key whose value does not fit another's, and why: values each key's own check passes
    /// but that cannot work together.
    public func conflict() -> (key: SettingKey, reason: String)? {
        if offset >= interval.minutes {
            return (.offset, "an offset must be shorter than the interval (\(interval))")
        }
        if !feedHub.isEmpty && feedURL.isEmpty {
            return (.feedHub, "a hub needs feedURL, the public address the feeds are served at")
        }
        if maxLength > 0 && minLength > maxLength {
            return (.minLength, "it is more than maxLength (\(maxLength)), so nothing could rotate")
        }
        return nil
    }

    public func isSet(_ key: SettingKey) -> Bool { stored.contains { $0.0 == key.rawValue } }

    private mutating func apply(_ key: SettingKey, _ value: JSONValue) {
        func int() -> Int { if case .int(let n) = value { return Int(n) } else { return 0 } }
        let string = value.stringValue ?? ""
        let strings = value.arrayValue?.compactMap(\.stringValue) ?? []
        switch key {
        case .mode: mode = RotationMode(rawValue: string) ?? .rotate
        case .interval: interval = (try? Interval(parsing: string)) ?? interval
        case .offset: offset = (try? Schedule.parseOffset(string)) ?? 0
        case .activeHours: activeHours = (try? ActiveHours(parsing: string)) ?? .always
        case .days: days = (try? Weekdays(parsing: string)) ?? .all
        case .tags: tags = strings
        case .excludeTags: excludeTags = strings
        case .authors: authors = strings
        case .excludeAuthors: excludeAuthors = strings
        case .sources: sources = strings
        case .search: search = string
        case .favouritesOnly: favouritesOnly = value == .bool(true)
        case .minLength: minLength = int()
        case .maxLength: maxLength = int()
        case .favouriteWeight: favouriteWeight = int()
        case .weights:
            if case .object(let members) = value {
                weights = members.compactMap { key, w in
                    if case .int(let n) = w { return try? WeightRule(key: key, weight: Int(n)) } else { return nil }
                }
            }
        case .notify: notify = value == .bool(true)
        case .feedHub: feedHub = string
        case .publishCommand: publishCommand = strings
        case .desiredRetention: desiredRetention = value.numberValue ?? desiredRetention
        case .newPerDay: newPerDay = int()
        case .learningSteps: learningSteps = strings.compactMap { try? Schedule.parseOffset($0) }
        case .relearningSteps: relearningSteps = strings.compactMap { try? Schedule.parseOffset($0) }
        case .maximumInterval: maximumInterval = int()
        case .dayStartsAt: dayStartsAt = TimeOfDay.minutes(string) ?? 240
        case .seed: if case .int(let n) = value { seed = n }
        case .outputDirectory: outputDirectory = string
        case .feedTitle: feedTitle = string
        case .feedDescription: feedDescription = string
        case .feedAuthor: feedAuthor = string
        case .feedLanguage: feedLanguage = string
        case .feedURL: feedURL = string
        case .feedItems: feedItems = int()
        case .statusWidth: statusWidth = int()
        case .statusTemplate: statusTemplate = string
        }
    }

    /// The value of `key` in force, in its stored JSON form (`apply`'s inverse); `nil` for
    /// `seed` and `outputDirectory` when they are not set.
    public func value(of key: SettingKey) -> JSONValue? {
        switch key {
        case .mode: return .string(mode.rawValue)
        case .interval: return .string(interval.description)
        case .offset: return .string(Span(minutes: offset).description)
        case .activeHours: return .string(activeHours.description)
        case .days: return .string(days.description)
        case .tags: return .array(tags.map(JSONValue.string))
        case .excludeTags: return .array(excludeTags.map(JSONValue.string))
        case .authors: return .array(authors.map(JSONValue.string))
        case .excludeAuthors: return .array(excludeAuthors.map(JSONValue.string))
        case .sources: return .array(sources.map(JSONValue.string))
        case .search: return .string(search)
        case .favouritesOnly: return .bool(favouritesOnly)
        case .minLength: return .int(Int64(minLength))
        case .maxLength: return .int(Int64(maxLength))
        case .favouriteWeight: return .int(Int64(favouriteWeight))
        case .weights: return .object(weights.map { ($0.key, .int(Int64($0.weight))) })
        case .notify: return .bool(notify)
        case .feedHub: return .string(feedHub)
        case .publishCommand: return .array(publishCommand.map(JSONValue.string))
        case .desiredRetention: return .double(desiredRetention)
        case .newPerDay: return .int(Int64(newPerDay))
        case .learningSteps: return .array(learningSteps.map { .string(Span(minutes: $0).description) })
        case .relearningSteps: return .array(relearningSteps.map { .string(Span(minutes: $0).description) })
        case .maximumInterval: return .int(Int64(maximumInterval))
        case .dayStartsAt: return .string(TimeOfDay.text(dayStartsAt))
        case .seed: return seed.map(JSONValue.int)
        case .outputDirectory: return outputDirectory.map(JSONValue.string)
        case .feedTitle: return .string(feedTitle)
        case .feedDescription: return .string(feedDescription)
        case .feedAuthor: return .string(feedAuthor)
        case .feedLanguage: return .string(feedLanguage)
        case .feedURL: return .string(feedURL)
        case .feedItems: return .int(Int64(feedItems))
        case .statusWidth: return .int(Int64(statusWidth))
        case .statusTemplate: return .string(statusTemplate)
        }
    }
}

/// What a rotation shows: a citation per slot, or the cards to review (issue 14).
public enum RotationMode: String, CaseIterable, Sendable {
    case rotate, review
}
