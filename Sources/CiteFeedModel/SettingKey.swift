import CiteFeedSupport

/// Every setting of SPEC.md "Settings": its name, default, and how a value is checked.
public enum SettingKey: String, CaseIterable, Sendable {
    case mode, interval, offset, activeHours, days
    case tags, excludeTags, authors, excludeAuthors, sources, search, favouritesOnly, minLength, maxLength
    case favouriteWeight, weights, seed, notify, outputDirectory
    case feedTitle, feedDescription, feedAuthor, feedLanguage, feedURL, feedItems, feedHub, publishCommand
    case statusWidth, statusTemplate
    case desiredRetention, newPerDay, learningSteps, relearningSteps, maximumInterval, dayStartsAt

    /// One line for `defaults --help` and error messages.
    public var summary: String {
        switch self {
        case .interval: return "slot length, 1m..30d, dividing a day or whole days (15m, 1h, 1d, 7d)"
        case .mode: return "rotate (a citation per slot) or review (the most overdue card, graded from the bar)"
        case .offset: return "slots start this long after midnight (1d with 7h turns at 07:00); shorter than interval"
        case .activeHours: return "new picks only in these hours, such as 08:00-22:00 (may cross midnight)"
        case .days: return "new picks only on these days, such as mon-fri or sat,sun"
        case .tags: return "only citations with any of these tags rotate (empty = all)"
        case .excludeTags: return "citations with any of these tags never rotate"
        case .authors: return "only citations by these authors rotate (whole names, any case; empty = all)"
        case .excludeAuthors: return "citations by these authors never rotate"
        case .sources: return "only citations whose source contains one of these texts rotate (any case)"
        case .search: return "only citations matching these search words rotate, as list --search (empty = off)"
        case .favouritesOnly: return "only favourites rotate (yes/no)"
        case .minLength: return "only citations with at least this many characters rotate (0 = off)"
        case .maxLength: return "only citations with at most this many characters rotate (0 = off)"
        case .favouriteWeight: return "favourites are shown this many times per cycle (1-10)"
        case .weights: return "times per cycle by tag, author or source, 0-10: tag:stoic=3 author:Seneca=0 (0 = never)"
        case .notify: return "a desktop notification for each new pick (yes/no; needs notify-send)"
        case .seed: return "rotation order (an integer; chosen at random when the library is created)"
        case .outputDirectory: return "where feeds, index.html and status files go"
        case .feedTitle: return "feed title"
        case .feedDescription: return "feed description"
        case .feedAuthor: return "feed author"
        case .feedLanguage: return "feed language (a language tag such as en or de-CH)"
        case .feedURL: return "public http(s) base URL of the output directory, or empty"
        case .feedItems: return "how many past picks the feeds keep (1-500)"
        case .feedHub: return "WebSub hub URL that is told of each change to the feeds, or empty"
        case .publishCommand: return "command run in the output directory after its outputs change, such as rsync -a ./ host:feeds/"
        case .statusWidth: return "status text width in terminal columns (10-500)"
        case .statusTemplate: return "status text with {text} {author} {source} {tags} {back}; [...] drops when empty"
        case .desiredRetention: return "study: the probability of recall a card is scheduled for (0.70-0.97)"
        case .newPerDay: return "study: new cards a day at most (0-9999)"
        case .learningSteps: return "study: the steps of a new card before its first interval in days, such as 1m 10m"
        case .relearningSteps: return "study: the steps of a forgotten card, such as 10m (none: straight back to review)"
        case .maximumInterval: return "study: the longest interval in days (1-36500)"
        case .dayStartsAt: return "study: the time of day at which a new study day begins, such as 04:00"
        }
    }

    /// The default, in its stored JSON form, read from `Settings`' own defaults (declared
    /// there once). `seed` and `outputDirectory` depend on the library and paths, so they have
    /// none.
    public var defaultValue: JSONValue? { Settings.defaults.value(of: self) }

    package var isList: Bool {
        [.tags, .excludeTags, .authors, .excludeAuthors, .sources, .weights, .publishCommand, .learningSteps, .relearningSteps].contains(self)
    }

    /// Turns the words of `defaults write KEY VALUE...` into the stored value, or says why not.
    public func parse(words: [String], home: String?) throws(SettingValueError) -> JSONValue {
        if self == .weights {
            var rules: [WeightRule] = []
            for word in words {
                let rule = try WeightRule(parsing: word)
                rules.removeAll { $0.sameTarget(rule) }
                rules.append(rule)
            }
            return try validate(.object(rules.map { ($0.key, .int(Int64($0.weight))) }))
        }
        if isList { return try validate(.array(words.map(JSONValue.string))) }
        guard words.count == 1 else {
            throw SettingValueError(reason: words.isEmpty ? "a value is missing" : "\(rawValue) takes one value, not \(words.count)")
        }
        let word = words[0]
        switch self {
        case .favouritesOnly, .notify:
            switch word.lowercased() {
            case "yes", "true", "1", "on": return .bool(true)
            case "no", "false", "0", "off": return .bool(false)
            default: throw SettingValueError(reason: "use yes, no, true or false")
            }
        case .desiredRetention:
            guard let d = Double(word), word.first?.isNumber == true else { throw SettingValueError(reason: "use a number such as 0.9") }
            return try validate(.double(d))
        case .favouriteWeight, .minLength, .maxLength, .seed, .feedItems, .statusWidth, .newPerDay, .maximumInterval:
            guard let n = Int64(word) else { throw SettingValueError(reason: "use a whole number") }
            return try validate(.int(n))
        case .outputDirectory:
            guard !word.isEmpty else { throw SettingValueError(reason: "use a directory path") }
            return try validate(.string(Posix.absolutePath(word, home: home)))
        default:
            return try validate(.string(word))
        }
    }

    /// Checks a stored value (from `settings.json` or `parse`) and returns it normalised.
    public func validate(_ value: JSONValue) throws(SettingValueError) -> JSONValue {
        switch self {
        case .interval:
            guard case .string(let s) = value else { throw wrongType(value, "a string such as \"1h\"") }
            do { return .string(try Interval(parsing: s).description) } catch { throw .rule(error.reason) }
        case .mode:
            guard case .string(let s) = value, let mode = RotationMode(rawValue: s.lowercased()) else {
                throw SettingValueError(reason: "use rotate or review")
            }
            return .string(mode.rawValue)
        case .offset:
            guard case .string(let s) = value else { throw wrongType(value, "a string such as \"7h\"") }
            return .string(Span(minutes: try Schedule.parseOffset(s)).description)
        case .activeHours:
            guard case .string(let s) = value else { throw wrongType(value, "a string such as \"08:00-22:00\"") }
            return .string(try ActiveHours(parsing: s).description)
        case .days:
            guard case .string(let s) = value else { throw wrongType(value, "a string such as \"mon-fri\"") }
            return .string(try Weekdays(parsing: s).description)
        case .authors, .excludeAuthors, .sources:
            return .array(try texts(value, "names", distinct: true).map(JSONValue.string))
        case .publishCommand:
            let words = try texts(value, "words of a command", distinct: false)
            guard words.first.map({ !$0.isEmpty }) ?? true else { throw SettingValueError(reason: "the command's first word is empty") }
            // It runs in the output directory: a relative path would mean a program there.
            if let first = words.first, first.contains("/"), !first.hasPrefix("/") {
                throw SettingValueError(reason: "give the program as a name on PATH or an absolute path, not \(quoted(first))")
            }
            return .array(words.map(JSONValue.string))
        case .search:
            guard case .string(let s) = value else { throw wrongType(value, "search words") }
            try plainText(s)
            guard s.trimmingWhitespace().isEmpty || s.contains(where: { $0.isLetter || $0.isNumber }) else {
                throw SettingValueError(reason: "there is no word to search for")
            }
            return .string(s.trimmingWhitespace())
        case .weights:
            guard case .object(let members) = value else { throw wrongType(value, "an object such as {\"tag:stoic\": 3}") }
            guard members.count <= WeightRule.maximumRules else { throw SettingValueError(reason: "use at most \(WeightRule.maximumRules) weights") }
            var rules: [WeightRule] = []
            for (key, weight) in members {
                guard case .int(let n) = weight else { throw wrongType(weight, "a whole number as the weight of \(quoted(key))") }
                let rule = try WeightRule(key: key, weight: Int(clamping: n))
                if rules.contains(where: { $0.sameTarget(rule) }) { throw SettingValueError(reason: "\(quoted(rule.key)) has two weights") }
                rules.append(rule)
            }
            return .object(rules.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.weight))) })
        case .desiredRetention:
            guard let d = value.numberValue else { throw wrongType(value, "a number such as 0.9") }
            guard d >= 0.7 && d <= 0.97 else { throw SettingValueError(reason: "use a number from 0.70 to 0.97") }
            return .double(d)
        case .newPerDay: return try integer(value, 0...9999)
        case .maximumInterval: return try integer(value, 1...36500)
        case .learningSteps, .relearningSteps:
            let words = try texts(value, "steps such as 1m or 10m", distinct: false)
            guard words.count <= 20 else { throw SettingValueError(reason: "use at most 20 steps") }
            var steps: [String] = []
            for word in words {
                let minutes = try Schedule.parseOffset(word)
                guard minutes > 0 && minutes <= Interval.day else { throw SettingValueError(reason: "a step is from 1m to 1d") }
                steps.append(Span(minutes: minutes).description)
            }
            return .array(steps.map(JSONValue.string))
        case .dayStartsAt:
            guard case .string(let s) = value else { throw wrongType(value, "a time of day such as \"04:00\"") }
            guard let minutes = TimeOfDay.minutes(s.trimmingWhitespace()), minutes < Interval.day else {
                throw SettingValueError(reason: "use a time of day from 00:00 to 23:59, such as 04:00")
            }
            return .string(TimeOfDay.text(minutes))
        case .feedHub:
            guard case .string(let s) = value else { throw wrongType(value, "an http(s) URL") }
            guard s.isEmpty || s.isPlainHTTPURL else {
                throw SettingValueError(reason: "use an absolute http(s) URL without spaces or user:password@, or an empty string")
            }
            return value
        case .tags, .excludeTags:
            guard case .array(let items) = value else { throw wrongType(value, "a list of tag names") }
            var names: [String] = []
            for item in items {
                guard case .string(let s) = item else { throw wrongType(item, "a list of tag names") }
                do {
                    let name = try Tag.validateName(s)
                    if !names.contains(where: { Tag.key($0) == Tag.key(name) }) { names.append(name) }
                } catch { throw .invalid(error) }
            }
            return .array(names.map(JSONValue.string))
        case .favouritesOnly, .notify:
            guard case .bool = value else { throw wrongType(value, "true or false") }
            return value
        case .favouriteWeight: return try integer(value, 1...10)
        case .minLength, .maxLength: return try integer(value, 0...Int64(CitationInput.maxText))
        case .seed: return try integer(value, Int64.min...Int64.max)
        case .feedItems: return try integer(value, 1...500)
        case .statusWidth: return try integer(value, 10...500)
        case .outputDirectory:
            guard case .string(let s) = value else { throw wrongType(value, "a directory path") }
            guard s.hasPrefix("/") || s.hasPrefix("~/") || s == "~" else { throw SettingValueError(reason: "use an absolute path") }
            try plainText(s)
            return value
        case .feedTitle, .feedDescription, .feedAuthor:
            guard case .string(let s) = value else { throw wrongType(value, "a string") }
            try plainText(s)
            if self == .feedTitle && s.trimmingWhitespace().isEmpty { throw SettingValueError(reason: "a feed needs a title") }
            guard s.count <= 500 else { throw SettingValueError(reason: "use at most 500 characters") }
            return .string(s.trimmingWhitespace())
        case .feedLanguage:
            guard case .string(let s) = value else { throw wrongType(value, "a language tag such as \"en\"") }
            guard SettingKey.isLanguageTag(s) else { throw SettingValueError(reason: "use a language tag such as en, de or pt-BR") }
            return value
        case .feedURL:
            guard case .string(let s) = value else { throw wrongType(value, "an http(s) URL") }
            guard s.isEmpty || s.isPlainHTTPURL else {
                throw SettingValueError(reason: "use an absolute http(s) URL without spaces or user:password@, or an empty string")
            }
            return value
        case .statusTemplate:
            guard case .string(let s) = value else { throw wrongType(value, "a string") }
            try plainText(s)
            do { _ = try StatusTemplate(parsing: s) } catch { throw .rule(error.reason) }
            return value
        }
    }

    private func wrongType(_ value: JSONValue, _ expected: String) -> SettingValueError {
        SettingValueError(reason: "expected \(expected), found \(value.kindName)")
    }

    /// A list of non-empty texts without control characters, trimmed (and without repeats
    /// in any case, when `distinct`).
    private func texts(_ value: JSONValue, _ what: String, distinct: Bool) throws(SettingValueError) -> [String] {
        guard case .array(let items) = value else { throw wrongType(value, "a list of \(what)") }
        guard items.count <= 100 else { throw SettingValueError(reason: "use at most 100 \(what)") }
        var result: [String] = []
        for item in items {
            guard case .string(let raw) = item else { throw wrongType(item, "a list of \(what)") }
            try plainText(raw)
            let s = distinct ? raw.trimmingWhitespace() : raw
            guard s.count <= 500 else { throw SettingValueError(reason: "use at most 500 characters in each") }
            if distinct {
                guard !s.isEmpty else { throw SettingValueError(reason: "a name is empty") }
                if result.contains(where: { $0.lowercased() == s.lowercased() }) { continue }
            }
            result.append(s)
        }
        return result
    }

    private func integer(_ value: JSONValue, _ range: ClosedRange<Int64>) throws(SettingValueError) -> JSONValue {
        guard case .int(let n) = value else { throw wrongType(value, "a whole number") }
        guard range.contains(n) else { throw SettingValueError(reason: "use a number from \(range.lowerBound) to \(range.upperBound)") }
        return value
    }

    private func plainText(_ s: String) throws(SettingValueError) {
        if let bad = s.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw SettingValueError(reason: "it contains the control character \(ModelError.scalarName(bad.value))")
        }
    }

    static func isLanguageTag(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// A value as `defaults read` shows it and `defaults write` takes it.
    public static func display(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .int(let n): return String(n)
        case .array(let items): return items.map { display($0) }.joined(separator: " ")
        case .object(let members): return members.map { $0.0 + "=" + display($0.1) }.joined(separator: " ")
        default: return JSONWriter.compact(value)
        }
    }
}

/// Why a setting's value is refused: data, worded by the front end.
public indirect enum SettingValueError: Error, Equatable, Sendable {
    /// The rule the value breaks, as the setting's declaration states it ("use a whole number"):
    /// part of the declaration, like its summary, and the same words in every front end.
    case rule(String)
    /// A value of the model (a tag name) that is not valid.
    case invalid(ModelError)
    /// Valid alone, but not beside `key`'s `value`.
    case doesNotFit(SettingKey, value: JSONValue, SettingValueError)
    /// It would make `key` (as the settings file names it) `value`, which is refused.
    case wouldMake(key: String, value: String, SettingValueError)

    public init(reason: String) { self = .rule(reason) }
}
