import CiteFeedSupport

/// The effective settings: what `settings.json` holds over the defaults. Values are read and
/// checked once before they get here (`Setting.read`, by `SettingsFile.load`). The defaults are
/// the initial values below, and only there: `SettingKey.defaultValue` reads them back. Each
/// property is one setting, declared in `SettingKey.declaration`.
package struct Settings: Sendable {
    /// What the rotation shows.
    package var mode = RotationMode.rotate
    package var interval = Interval(minutes: 60)
    /// Minutes from midnight (Monday midnight for multi-day intervals) to the first boundary.
    package var offset = 0
    package var activeHours = ActiveHours.always
    package var days = Weekdays.all
    package var tags: [String] = []
    package var excludeTags: [String] = []
    package var authors: [String] = []
    package var excludeAuthors: [String] = []
    package var sources: [String] = []
    /// Search words, as `list --search`; "" is no search.
    package var search = ""
    package var favouritesOnly = false
    package var minLength = 0
    package var maxLength = 0
    package var favouriteWeight = 2
    package var weights: [WeightRule] = []
    package var notify = false
    /// `nil`: the seed kept in the library.
    package var seed: Int64?
    /// `nil`: the default output directory of `Paths`.
    package var outputDirectory: String?
    package var feedTitle = "Citations"
    package var feedDescription = "A citation from my library, rotating"
    package var feedAuthor = "citefeed"
    package var feedLanguage = "en"
    package var feedURL = ""
    package var feedItems = 20
    package var feedHub = ""
    /// The command and its arguments; empty: nothing is run.
    package var publishCommand: [String] = []
    /// The folder `sync` writes to and reads from; `nil`: sync is off.
    package var syncFolder: String?
    /// This machine's name in the sync folder; empty: the host name.
    package var syncName = ""
    /// A folder of notes (Obsidian, Logseq or Markdown pages) `rotate` and `sync` keep in
    /// step with the library; `nil`: none.
    package var notesFolder: String?
    package var notesFormat = NotesFormat.obsidian
    package var notesArchived = NotesArchived.section
    /// The digest: to whom, when, how many picks (`citefeed digest`).
    package var digestTo = ""
    package var digestTime = DigestTime.morning
    package var digestCount = 5
    package var statusWidth = 60
    package var statusTemplate = "“{text}”[ — {author}]"
    /// A long status line moves through a follower's bar, `scrollSpeed` columns a second.
    package var scroll = false
    package var scrollSpeed = 4
    /// Pictures of the citation: their colours, the room kept clear at their edges,
    /// and a PNG file behind the card (`nil`: none).
    package var pictureTheme = PictureTheme.light
    package var pictureMargins = PictureMargins.none
    package var pictureBackground: String?
    /// The presets of the pictures a rotation writes beside its feeds (`picture-PRESET.png`).
    package var pictures: [String] = []
    /// The command run after the rotation's pictures change (`{wallpaper}`, `{lockscreen}` and
    /// `{dir}` in its words are their paths); empty: nothing is run.
    package var wallpaperCommand: [String] = []
    /// E-readers' sleep screens: the rotation whose next picks they show ("" the
    /// default one), and how many (0: none).
    package var sleepScreenRotation = ""
    package var sleepScreenCount = 20
    /// Study: FSRS's settings and the study day.
    package var desiredRetention = 0.9
    package var newPerDay = 20
    /// In minutes.
    package var learningSteps = [1, 10]
    package var relearningSteps = [10]
    package var maximumInterval = 36500
    /// Minutes after midnight.
    package var dayStartsAt = 240
    /// FSRS's 21 parameters fitted to this library's answers (`citefeed optimize`); empty:
    /// FSRS's defaults.
    package var studyParameters: [Double] = []
    /// FSRS's parameters fitted to a deck's answers (`citefeed optimize --tag`), by tag, sorted
    /// by tag (`DeckParameters`).
    package var deckParameters: [DeckParameters] = []

    /// The rotation these settings are of: "" for the unnamed default one (not a setting: it is
    /// where in `settings.json` they were read from).
    package var rotation = ""

    /// The keys set (in the file, or by the default rotation for a named one).
    package private(set) var setKeys: Set<SettingKey> = []

    package init() {}

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
    package func conflict() -> (key: SettingKey, reason: String)? {
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

    package func isSet(_ key: SettingKey) -> Bool { setKeys.contains(key) }

    /// The value of `key` in force, in its stored JSON form; `nil` for `seed` and
    /// `outputDirectory` when they are not set.
    package func value(of key: SettingKey) -> JSONValue? { key.setting.value(in: self) }
}
