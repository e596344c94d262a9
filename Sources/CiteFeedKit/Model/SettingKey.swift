/// Every setting of SPEC.md "Settings": its name, default, and how a value is checked.
public enum SettingKey: String, CaseIterable, Sendable {
    case interval, tags, favouritesOnly, favouriteWeight, maxLength, seed, outputDirectory
    case feedTitle, feedDescription, feedAuthor, feedLanguage, feedURL, feedItems
    case statusWidth, statusTemplate

    /// One line for `defaults --help` and error messages.
    public var summary: String {
        switch self {
        case .interval: return "slot length, 1m..30d, dividing a day or whole days (15m, 1h, 1d, 7d)"
        case .tags: return "only citations with any of these tags rotate (empty = all)"
        case .favouritesOnly: return "only favourites rotate (yes/no)"
        case .favouriteWeight: return "favourites are shown this many times per cycle (1-10)"
        case .maxLength: return "only citations with at most this many characters rotate (0 = off)"
        case .seed: return "rotation order (an integer; chosen at random when the library is created)"
        case .outputDirectory: return "where feeds, index.html and status files go"
        case .feedTitle: return "feed title"
        case .feedDescription: return "feed description"
        case .feedAuthor: return "feed author"
        case .feedLanguage: return "feed language (a language tag such as en or de-CH)"
        case .feedURL: return "public http(s) base URL of the output directory, or empty"
        case .feedItems: return "how many past picks the feeds keep (1-500)"
        case .statusWidth: return "status text width in terminal columns (10-500)"
        case .statusTemplate: return "status text with {text} {author} {source} {tags} {back}; [...] drops when empty"
        }
    }

    /// The default, in its stored JSON form, read from `Settings`' own defaults (declared
    /// there once). `seed` and `outputDirectory` depend on the library and paths, so they have
    /// none.
    public var defaultValue: JSONValue? { Settings.defaults.value(of: self) }

    var isList: Bool { self == .tags }

    /// Turns the words of `defaults write KEY VALUE...` into the stored value, or says why not.
    public func parse(words: [String], home: String?) throws(SettingValueError) -> JSONValue {
        if isList { return try validate(.array(words.map(JSONValue.string))) }
        guard words.count == 1 else {
            throw SettingValueError(reason: words.isEmpty ? "a value is missing" : "\(rawValue) takes one value, not \(words.count)")
        }
        let word = words[0]
        switch self {
        case .favouritesOnly:
            switch word.lowercased() {
            case "yes", "true", "1", "on": return .bool(true)
            case "no", "false", "0", "off": return .bool(false)
            default: throw SettingValueError(reason: "use yes, no, true or false")
            }
        case .favouriteWeight, .maxLength, .seed, .feedItems, .statusWidth:
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
            do { return .string(try Interval(parsing: s).description) } catch { throw SettingValueError(reason: error.reason) }
        case .tags:
            guard case .array(let items) = value else { throw wrongType(value, "a list of tag names") }
            var names: [String] = []
            for item in items {
                guard case .string(let s) = item else { throw wrongType(item, "a list of tag names") }
                do {
                    let name = try Tag.validateName(s)
                    if !names.contains(where: { Tag.key($0) == Tag.key(name) }) { names.append(name) }
                } catch { throw SettingValueError(reason: error.message) }
            }
            return .array(names.map(JSONValue.string))
        case .favouritesOnly:
            guard case .bool = value else { throw wrongType(value, "true or false") }
            return value
        case .favouriteWeight: return try integer(value, 1...10)
        case .maxLength: return try integer(value, 0...Int64(CitationInput.maxText))
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
            guard s.isEmpty || s.isHTTPURL else { throw SettingValueError(reason: "use an absolute http(s) URL, or an empty string") }
            return value
        case .statusTemplate:
            guard case .string(let s) = value else { throw wrongType(value, "a string") }
            try plainText(s)
            do { _ = try StatusTemplate(parsing: s) } catch { throw SettingValueError(reason: error.reason) }
            return value
        }
    }

    private func wrongType(_ value: JSONValue, _ expected: String) -> SettingValueError {
        SettingValueError(reason: "expected \(expected), found \(value.kindName)")
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
        default: return JSONWriter.compact(value)
        }
    }
}

/// Why a setting's value is refused.
public struct SettingValueError: Error, Equatable {
    public var reason: String
}
