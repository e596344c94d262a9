import CiteFeedSupport

/// The name of every setting of the README's "Settings", in the order `defaults` shows them. What a
/// setting is (its property, its kind of value, its words) is its entry in `declaration`:
/// adding a setting is its property in `Settings`, its name here and its entry there.
package enum SettingKey: String, CaseIterable, Sendable {
    case mode, interval, offset, activeHours, days
    case tags, excludeTags, authors, excludeAuthors, sources, search, favouritesOnly, minLength, maxLength
    case favouriteWeight, weights, seed, notify, outputDirectory
    case feedTitle, feedDescription, feedAuthor, feedLanguage, feedURL, feedItems, feedHub, publishCommand, syncFolder, syncName
    case notesFolder, notesFormat, notesArchived, digestTo, digestTime, digestCount
    case statusWidth, statusTemplate, scroll, scrollSpeed
    case pictures, pictureTheme, pictureMargins, pictureBackground, wallpaperCommand, sleepScreenRotation, sleepScreenCount
    case desiredRetention, newPerDay, learningSteps, relearningSteps, maximumInterval, dayStartsAt, studyParameters,
        deckParameters

    /// The settings `sync` carries between machines: what chooses and orders the
    /// citations and schedules the cards. Never what runs or writes something on a machine
    /// (`notify`, `outputDirectory`, `publishCommand`, `wallpaperCommand`, `feedHub`, `syncFolder`), nor a
    /// machine's own name (`syncName`), feed and display (`feed…`, `status…`, `scroll…`).
    package static let synced: Set<SettingKey> = [
        .mode, .interval, .offset, .activeHours, .days, .tags, .excludeTags, .authors, .excludeAuthors, .sources, .search,
        .favouritesOnly, .minLength, .maxLength, .favouriteWeight, .weights, .seed,
        .desiredRetention, .newPerDay, .learningSteps, .relearningSteps, .maximumInterval, .dayStartsAt, .studyParameters,
        .deckParameters,
    ]

    /// The most bytes a value of this setting may have, as compact JSON: in `settings.json`,
    /// from `defaults write` and in a sync line alike (a line over it is skipped, named), so
    /// that no one value, and no other machine, can make the settings file too large to read.
    /// Lists (tags, names, weights) 16 KiB, the search words and every other value 4 KiB.
    package var valueLimit: Int {
        switch self {
        case .tags, .excludeTags, .authors, .excludeAuthors, .sources, .weights, .deckParameters: 16 << 10
        default: 4 << 10
        }
    }

    /// A study setting: the library's, set for the default rotation only.
    package var isStudy: Bool {
        [
            .desiredRetention, .newPerDay, .learningSteps, .relearningSteps, .maximumInterval, .dayStartsAt, .studyParameters,
            .deckParameters,
        ]
        .contains(self)
    }

    /// The settings' table: one entry per key, made once.
    private static let table: [SettingKey: Setting] = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.declaration) })

    /// This key's entry.
    package var setting: Setting { SettingKey.table[self]! }

    /// The table. The compiler keeps it whole (one case each); `SettingsTableTests` checks that
    /// each entry reads and writes its own property, and every property has one entry.
    private var declaration: Setting {
        switch self {
        case .mode:
            entry(
                \.mode, .choice, summary: "rotate (a citation per slot) or review (the most overdue card, graded from the bar)",
                manual: "In review the rotation's bar shows the cards to review instead of citations.")
        case .interval:
            entry(
                \.interval,
                .text("a string such as \"1h\"") { s throws(SettingValueError) in
                    do throws(IntervalError) { return try Interval(parsing: s) } catch { throw .rule(error.reason) }
                }, summary: "slot length, 1m..30d, dividing a day or whole days (15m, 1h, 1d, 7d)",
                completion: .words(["5m", "15m", "30m", "1h", "2h", "6h", "1d", "7d"]))
        case .offset:
            entry(
                \.offset, .span("a string such as \"7h\"") { s throws(SettingValueError) in try Schedule.parseOffset(s) },
                summary: "slots start this long after midnight (1d with 7h turns at 07:00); shorter than interval",
                manual: "For intervals of days, from Monday midnight: 1d7h with 7d turns on Tuesdays at 07:00.")
        case .activeHours:
            entry(
                \.activeHours, .text("a string such as \"08:00-22:00\"") { s throws(SettingValueError) in try ActiveHours(parsing: s) },
                summary: "new picks only in these hours, such as 08:00-22:00 (may cross midnight)",
                manual: "Notifications too.")
        case .days:
            entry(
                \.days, .text("a string such as \"mon-fri\"") { s throws(SettingValueError) in try Weekdays(parsing: s) },
                summary: "new picks only on these days, such as mon-fri or sat,sun",
                completion: .words(["mon-fri", "sat,sun", "mon-sun"]))
        case .tags: entry(\.tags, .tagNames, summary: "only citations with any of these tags rotate (empty = all)")
        case .excludeTags: entry(\.excludeTags, .tagNames, summary: "citations with any of these tags never rotate")
        case .authors:
            entry(
                \.authors, .texts("names", distinct: true),
                summary: "only citations by these authors rotate (whole names, any case; empty = all)")
        case .excludeAuthors: entry(\.excludeAuthors, .texts("names", distinct: true), summary: "citations by these authors never rotate")
        case .sources:
            entry(
                \.sources, .texts("names", distinct: true),
                summary: "only citations whose source contains one of these texts rotate (any case)")
        case .search:
            entry(
                \.search,
                .string("search words") { s throws(SettingValueError) in
                    try plainText(s)
                    guard s.trimmingWhitespace().isEmpty || s.contains(where: { $0.isLetter || $0.isNumber }) else {
                        throw .rule("there is no word to search for")
                    }
                    return s.trimmingWhitespace()
                }, summary: "only citations matching these search words rotate, as list --search (empty = off)",
                manual: "Every word must occur; word* matches a prefix.")
        case .favouritesOnly: entry(\.favouritesOnly, .yesNo, summary: "only favourites rotate (yes/no)")
        case .minLength:
            entry(
                \.minLength, .integer(0...CitationInput.maxText),
                summary: "only citations with at least this many characters rotate (0 = off)",
                manual: "Not more than maxLength.")
        case .maxLength:
            entry(
                \.maxLength, .integer(0...CitationInput.maxText),
                summary: "only citations with at most this many characters rotate (0 = off)")
        case .favouriteWeight: entry(\.favouriteWeight, .integer(1...10), summary: "favourites are shown this many times per cycle (1-10)")
        case .weights:
            entry(
                \.weights, .weights, summary: "times per cycle by tag, author or source, 0-10: tag:stoic=3 author:Seneca=0 (0 = never)",
                manual: "A citation matching several rules gets their product (at most 1000), times favouriteWeight for a favourite.")
        case .seed:
            entry(
                \.seed, Codec<Int64>.integer().optional,
                summary: "rotation order (an integer; chosen at random when the library is created)",
                defaultText: "random, kept in the library")
        case .notify: entry(\.notify, .yesNo, summary: "a desktop notification for each new pick (yes/no; needs notify-send)")
        case .outputDirectory:
            entry(
                \.outputDirectory, Codec<String>.directory.optional, summary: "where feeds, index.html and status files go",
                manual: "Stored as an absolute path. A named rotation's is NAME/ inside the default rotation's unless it sets its own.",
                defaultText: "$CITEFEED_HOME/Feeds or ~/.local/share/citefeed/Feeds")
        case .feedTitle: entry(\.feedTitle, .plain("a string", required: "a feed needs a title"), summary: "feed title")
        case .feedDescription: entry(\.feedDescription, .plain("a string"), summary: "feed description")
        case .feedAuthor: entry(\.feedAuthor, .plain("a string"), summary: "feed author")
        case .feedLanguage:
            entry(
                \.feedLanguage,
                .string("a language tag such as \"en\"") { s throws(SettingValueError) in
                    guard SettingKey.isLanguageTag(s) else { throw .rule("use a language tag such as en, de or pt-BR") }
                    return s
                }, summary: "feed language (a language tag such as en or de-CH)")
        case .feedURL:
            entry(
                \.feedURL, .webAddress, summary: "public http(s) base URL of the output directory, or empty",
                manual: "A named rotation's is NAME/ under the default rotation's.")
        case .feedItems: entry(\.feedItems, .integer(1...500), summary: "how many past picks the feeds keep (1-500)")
        case .feedHub:
            entry(
                \.feedHub, .webAddress, summary: "WebSub hub URL that is told of each change to the feeds, or empty",
                manual: "Needs feedURL.")
        case .publishCommand:
            entry(
                \.publishCommand,
                .command, summary: "command run in the output directory after its outputs change, such as rsync -a ./ host:feeds/",
                manual: "An argument list, run without a shell.")
        case .syncFolder:
            entry(
                \.syncFolder, Codec<String>.directory.optional,
                summary: "the folder citefeed sync shares with your other machines (Syncthing, git, Nextcloud…)",
                manual: "Stored as an absolute path; citefeed sync DIR sets it. Not set: sync does nothing.",
                defaultText: "not set")
        case .syncName:
            entry(
                \.syncName,
                .string("a name") { s throws(SettingValueError) in
                    try plainText(s)
                    guard s.count <= 100 else { throw .rule("use at most 100 characters") }
                    return s.trimmingWhitespace()
                }, summary: "this machine's name in the sync folder and in sync status of every machine",
                manual: "Empty: the host name. A name only: machines are told apart by an id made once per library.",
                defaultText: "the host name")
        case .notesFolder:
            entry(
                \.notesFolder, Codec<String>.directory.optional,
                summary: "a folder of notes (Obsidian, Logseq, Markdown) that rotate and sync keep in step with the library",
                manual:
                    "Stored as an absolute path; 'citefeed export --format FORMAT DIR' writes it once. Pages outside citefeed's markers are the user's and stay as they are.",
                defaultText: "not set")
        case .notesFormat:
            entry(\.notesFormat, .choice, summary: "the notes folder's format: obsidian, logseq or markdown")
        case .notesArchived:
            entry(
                \.notesArchived, .choice, summary: "archived citations in notes: section (under an Archived heading) or remove")
        case .digestTo:
            entry(
                \.digestTo,
                .string("an e-mail address") { s throws(SettingValueError) in
                    let address = s.trimmingWhitespace()
                    guard address.isEmpty || MailText.isAddress(address) else {
                        throw .rule("use one plain address such as you@example.org (no name, no list, no spaces), or an empty string")
                    }
                    return address
                }, summary: "the address the rotation's digest goes to at digestTime (empty: none)",
                manual:
                    "Sent through the local sendmail -t (msmtp, Postfix, Exim) by rotate, once a period, even when the machine was off at that time. A named rotation does not take the default rotation's.",
                defaultText: "none")
        case .digestTime:
            entry(
                \.digestTime,
                .text("a string such as \"07:00\" or \"mon 07:00\"") { s throws(SettingValueError) in try DigestTime(parsing: s) },
                summary: "when the digest goes out: a time each day (07:00) or a day and a time each week (mon 07:00)")
        case .digestCount: entry(\.digestCount, .integer(1...50), summary: "how many of the next picks a digest shows (1-50)")
        case .statusWidth: entry(\.statusWidth, .integer(10...500), summary: "status text width in terminal columns (10-500)")
        case .statusTemplate:
            entry(
                \.statusTemplate,
                .string("a string") { s throws(SettingValueError) in
                    try plainText(s)
                    do throws(TemplateError) { _ = try StatusTemplate(parsing: s) } catch { throw .rule(error.reason) }
                    return s
                }, summary: "status text with {text} {author} {source} {tags} {back}; [...] drops when empty",
                manual: "A [...] group disappears when a placeholder in it is empty, such as the author of an anonymous citation.")
        case .scroll:
            entry(
                \.scroll, .yesNo, summary: "status moves a line longer than statusWidth through the bar (yes/no)",
                manual:
                    "As status --scroll: the line pauses two seconds at its start, then moves scrollSpeed columns a second, always statusWidth columns wide. status.txt and status.json never move."
            )
        case .pictures:
            entry(
                \.pictures,
                Codec<[String]>.presets,
                summary: "pictures of the pick written beside the feeds, as picture-PRESET.png: presets such as wallpaper square",
                manual:
                    "Made when the pick changes, after the bar's line (a bar never waits for one); with feedURL set, the newest feed item carries the first as its image. Empty: none."
            )
        case .wallpaperCommand:
            entry(
                \.wallpaperCommand, .command,
                summary: "command run after the rotation's pictures change, such as swaymsg output * bg {wallpaper} fill",
                manual:
                    "An argument list, run without a shell in the output directory; {wallpaper}, {lockscreen} and {dir} in it are the paths of picture-wallpaper.png, picture-lockscreen.png and the directory. A named rotation does not take the default rotation's. citefeed setup wallpaper sets it for GNOME, Plasma, sway and feh."
            )
        case .sleepScreenRotation:
            entry(
                \.sleepScreenRotation,
                .string("a rotation name") { s throws(SettingValueError) in
                    if !s.isEmpty { try RotationName.validate(s) }
                    return s
                }, summary: "the rotation whose next picks e-readers' sleep screens show (empty: the default one)",
                manual: "Written by import --devices and picture --devices to each mounted reader with KOReader.")
        case .sleepScreenCount:
            entry(
                \.sleepScreenCount, .integer(0...200),
                summary: "how many pictures of the next picks go to each e-reader's sleep screen (0-200; 0: none)")
        case .pictureTheme:
            entry(
                \.pictureTheme, .choice, summary: "the colours of pictures: light, dark, sepia, eink or tag (the first tag's colour)",
                manual: "An e-reader's picture is drawn in eink (or dark, when set) and dithered to 16 grays.")
        case .pictureMargins:
            entry(
                \.pictureMargins, .margins, summary: "pixels kept clear at a picture's edges for panels: TOP [RIGHT [BOTTOM [LEFT]]]",
                manual:
                    "As CSS writes margins: one value for all sides, two for top and bottom then the sides, four clockwise from the top. 0 to 4096 each."
            )
        case .pictureBackground:
            entry(
                \.pictureBackground, Codec<String>.file.optional, summary: "a PNG file drawn behind pictures, dimmed so the text reads",
                defaultText: "none")
        case .scrollSpeed: entry(\.scrollSpeed, .integer(1...20), summary: "columns a second a scrolling status line moves (1-20)")
        case .desiredRetention:
            entry(
                \.desiredRetention, .number(0.7...0.97, example: "0.9"),
                summary: "study: the probability of recall a card is scheduled for (0.70-0.97)")
        case .newPerDay: entry(\.newPerDay, .integer(0...9999), summary: "study: new cards a day at most (0-9999)")
        case .learningSteps:
            entry(\.learningSteps, .steps, summary: "study: the steps of a new card before its first interval in days, such as 1m 10m")
        case .relearningSteps:
            entry(\.relearningSteps, .steps, summary: "study: the steps of a forgotten card, such as 10m (none: straight back to review)")
        case .maximumInterval: entry(\.maximumInterval, .integer(1...36500), summary: "study: the longest interval in days (1-36500)")
        case .dayStartsAt:
            entry(
                \.dayStartsAt,
                .text(
                    "a time of day such as \"04:00\"",
                    { s throws(SettingValueError) in
                        guard let minutes = TimeOfDay.minutes(s.trimmingWhitespace()), minutes < Interval.day else {
                            throw .rule("use a time of day from 00:00 to 23:59, such as 04:00")
                        }
                        return minutes
                    }, format: { TimeOfDay.text($0) }), summary: "study: the time of day at which a new study day begins, such as 04:00")
        case .studyParameters:
            entry(
                \.studyParameters, .parameters,
                summary: "study: FSRS's 21 parameters, fitted to your answers by 'citefeed optimize' (none: FSRS's defaults)",
                defaultText: "none")
        case .deckParameters:
            entry(
                \.deckParameters, .deckParameters,
                summary: "study: FSRS's parameters of a deck, by tag, fitted by 'citefeed optimize --tag' (none: the library's)",
                defaultText: "none")
        }
    }

    /// A setting of the whole library's scheduling (set without `--rotation`): changing it
    /// replays every answered card.
    package var isLibrarysParameters: Bool { self == .studyParameters || self == .deckParameters }

    /// A setting of the whole library, set without `--rotation`: its scheduling parameters and
    /// its notes folder.
    package var isLibrarys: Bool { isLibrarysParameters || self == .notesFolder || self == .notesFormat || self == .notesArchived }

    private func entry<Value: Sendable>(
        _ path: WritableKeyPath<Settings, Value> & Sendable, _ codec: Codec<Value>, summary: String, manual: String? = nil,
        defaultText: String? = nil, completion: SettingCompletion? = nil
    ) -> Setting {
        Setting(self, path, codec, summary: summary, manual: manual, defaultText: defaultText, completion: completion)
    }

    /// One line for `defaults --help` and error messages.
    package var summary: String { setting.summary }

    /// The default, in its stored JSON form, read from `Settings`' own defaults (declared
    /// there once). `seed` and `outputDirectory` depend on the library and paths, so they have
    /// none.
    package var defaultValue: JSONValue? { setting.value(in: Settings.defaults) }

    package var isList: Bool { setting.isList }

    /// Turns the words of `defaults write KEY VALUE...` into the stored value, or says why not.
    package func parse(words: [String], home: String?) throws(SettingValueError) -> JSONValue {
        try setting.parse(words: words, home: home).stored
    }

    /// Checks a stored value (from `settings.json` or `parse`) and returns it normalised.
    package func validate(_ value: JSONValue) throws(SettingValueError) -> JSONValue { try setting.read(value).stored }

    static func isLanguageTag(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// A value as `defaults read` shows it and `defaults write` takes it.
    package static func display(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .int(let n): return String(n)
        case .array(let items): return items.map { display($0) }.joined(separator: " ")
        case .object(let members):
            // A list inside (a deck's parameters) with commas, so that each member stays one word.
            return members.map { key, member in
                if case .array(let items) = member { return key + "=" + items.map { display($0) }.joined(separator: ",") }
                return key + "=" + display(member)
            }.joined(separator: " ")
        default: return JSONWriter.compact(value)
        }
    }
}

/// Why a setting's value is refused: data, worded by the front end.
package indirect enum SettingValueError: Error, Equatable, Sendable {
    /// The rule the value breaks, as the setting's declaration states it ("use a whole number"):
    /// part of the declaration, like its summary, and the same words in every front end.
    case rule(String)
    /// A value of the model (a tag name) that is not valid.
    case invalid(ModelError)
    /// Valid alone, but not beside `key`'s `value`.
    case doesNotFit(SettingKey, value: JSONValue, SettingValueError)
    /// It would make `key` (as the settings file names it) `value`, which is refused.
    case wouldMake(key: String, value: String, SettingValueError)

    package init(reason: String) { self = .rule(reason) }
}
