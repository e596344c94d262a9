/// The effective settings: what `settings.json` holds over the defaults. Values are validated
/// before they get here (`SettingsFile.load`). The defaults are the initial values below, and
/// only there: `SettingKey.defaultValue` reads them back through `value(of:)`.
public struct Settings: Sendable {
    public var interval = Interval(minutes: 60)
    public var tags: [String] = []
    public var favouritesOnly = false
    public var favouriteWeight = 2
    public var maxLength = 0
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
    public var statusWidth = 60
    public var statusTemplate = "“{text}”[ — {author}]"

    /// The rotation these settings are of: "" for the unnamed default one (not a setting: it is
    /// where in `settings.json` they were read from).
    public var rotation = ""

    /// The keys set in the file, in their stored form, sorted by key.
    public private(set) var stored: [(String, JSONValue)] = []

    public init() {}

    /// The settings of a new home.
    static let defaults = Settings()

    /// Applies validated stored values over the defaults.
    init(stored: [(SettingKey, JSONValue)]) {
        for (key, value) in stored { apply(key, value) }
        self.stored = stored.map { ($0.0.rawValue, $0.1) }.sorted { $0.0 < $1.0 }
    }

    public func isSet(_ key: SettingKey) -> Bool { stored.contains { $0.0 == key.rawValue } }

    private mutating func apply(_ key: SettingKey, _ value: JSONValue) {
        func int() -> Int { if case .int(let n) = value { return Int(n) } else { return 0 } }
        let string = value.stringValue ?? ""
        switch key {
        case .interval: interval = (try? Interval(parsing: string)) ?? interval
        case .tags: tags = value.arrayValue?.compactMap(\.stringValue) ?? []
        case .favouritesOnly: favouritesOnly = value == .bool(true)
        case .favouriteWeight: favouriteWeight = int()
        case .maxLength: maxLength = int()
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
        case .interval: return .string(interval.description)
        case .tags: return .array(tags.map(JSONValue.string))
        case .favouritesOnly: return .bool(favouritesOnly)
        case .favouriteWeight: return .int(Int64(favouriteWeight))
        case .maxLength: return .int(Int64(maxLength))
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
