import CiteFeedSupport

/// The effective settings: what `settings.json` holds over the defaults. Values are read and
/// checked once before they get here (`Setting.read`, by `SettingsFile.load`). The defaults are
/// the initial values below, and only there: `SettingKey.defaultValue` reads them back. Each
/// property is one setting, declared in `SettingKey.declaration`.
public struct Settings: Sendable {
    /// What the rotation shows.
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
    /// The folder `sync` writes to and reads from; `nil`: sync is off.
    public var syncFolder: String?
    /// This machine's name in the sync folder; empty: the host name.
    public var syncName = ""
    public var statusWidth = 60
    public var statusTemplate = "“{text}”[ — {author}]"
    /// A long status line moves through a follower's bar, `scrollSpeed` columns a second.
    public var scroll = false
    public var scrollSpeed = 4
    /// Pictures of the citation: their colours, the room kept clear at their edges,
    /// and a PNG file behind the card (`nil`: none).
    public var pictureTheme = PictureTheme.light
    public var pictureMargins = PictureMargins.none
    public var pictureBackground: String?
    /// The presets of the pictures a rotation writes beside its feeds (`picture-PRESET.png`).
    public var pictures: [String] = []
    /// The command run after the rotation's pictures change (`{wallpaper}`, `{lockscreen}` and
    /// `{dir}` in its words are their paths); empty: nothing is run.
    public var wallpaperCommand: [String] = []
    /// E-readers' sleep screens: the rotation whose next picks they show ("" the
    /// default one), and how many (0: none).
    public var sleepScreenRotation = ""
    public var sleepScreenCount = 20
    /// Study: FSRS's settings and the study day.
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

    /// The keys set (in the file, or by the default rotation for a named one).
    public private(set) var setKeys: Set<SettingKey> = []

    public init() {}

    /// The settings of a new home.
    static let defaults = Settings()

    /// Checked values over the defaults.
    package init(values: [SettingValue]) { apply(values) }

    /// Sets each of `values` (a later one of a key over an earlier one).
    package mutating func apply(_ values: [SettingValue]) {
        for value in values {
            value.assign(&self)
            setKeys.insert(value.key)
        }
    }

    /// Puts `key` back to its default, unset.
    package mutating func reset(_ key: SettingKey) {
        key.setting.reset(&self)
        setKeys.remove(key)
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

    public func isSet(_ key: SettingKey) -> Bool { setKeys.contains(key) }

    /// The value of `key` in force, in its stored JSON form; `nil` for `seed` and
    /// `outputDirectory` when they are not set.
    public func value(of key: SettingKey) -> JSONValue? { key.setting.value(in: self) }
}

/// What a rotation shows: a citation per slot, or the cards to review.
public enum RotationMode: String, CaseIterable, Sendable {
    case rotate, review
}
