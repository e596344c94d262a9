import CiteFeedSupport

/// One setting, declared once (`SettingKey.declaration`): where its value lives in `Settings`,
/// how it is read from `settings.json` and from the words of `defaults write`, how it is written
/// back, and the words that describe it. Parsing, `Settings`' values, `defaults`, the man page,
/// the completions and the README's settings table all come from here.
package struct Setting: Sendable {
    package let key: SettingKey
    /// One line, for `defaults --help`, error messages and completions.
    package let summary: String
    /// More for the manual and the README, after the summary; `nil`: the summary says it all.
    package let manual: String?
    /// The default in words, where it is not one value but depends on the library or the paths
    /// (`seed`, `outputDirectory`); otherwise the default is `Settings()`' value.
    package let defaultText: String?
    /// What a shell offers as the value.
    package let completion: SettingCompletion
    /// Whether `defaults write` takes several words (a list) or exactly one.
    package let isList: Bool

    private let read: @Sendable (JSONValue) throws(SettingValueError) -> SettingValue
    private let write: @Sendable (Settings) -> JSONValue?
    private let words: Words
    /// Puts the setting back to its default and marks it unset.
    let reset: @Sendable (inout Settings) -> Void

    init<Value: Sendable>(
        _ key: SettingKey, _ path: WritableKeyPath<Settings, Value> & Sendable, _ codec: Codec<Value>, summary: String,
        manual: String? = nil, defaultText: String? = nil, completion: SettingCompletion? = nil
    ) {
        self.key = key
        self.summary = summary
        self.manual = manual
        self.defaultText = defaultText
        self.completion = completion ?? codec.completion
        self.words = codec.words
        if case .list = codec.words { isList = true } else { isList = false }
        read = { stored throws(SettingValueError) in
            // The size first: what is refused for its size is not decoded (a 1 MB search).
            let size = JSONWriter.compact(stored).utf8.count
            guard size <= key.valueLimit else { throw .rule("use at most \(key.valueLimit) bytes (this value has \(size))") }
            let value = try codec.decode(stored)
            return SettingValue(key: key, stored: codec.encode(value) ?? stored) { $0[keyPath: path] = value }
        }
        write = { codec.encode($0[keyPath: path]) }
        reset = { $0[keyPath: path] = Settings.defaults[keyPath: path] }
    }

    /// Checks a stored value (from `settings.json` or `parse`) and reads it, once.
    package func read(_ stored: JSONValue) throws(SettingValueError) -> SettingValue { try read(stored) }

    /// The value in force in `settings`, in its stored form; `nil` when it has none (`seed` and
    /// `outputDirectory` not set).
    package func value(in settings: Settings) -> JSONValue? { write(settings) }

    /// Reads the words of `defaults write KEY VALUE...` (`home` expands `~`).
    package func parse(words given: [String], home: String?) throws(SettingValueError) -> SettingValue {
        switch words {
        case .list(let make): return try read(make(given))
        case .one(let make):
            guard given.count == 1 else {
                throw .rule(given.isEmpty ? "a value is missing" : "\(key.rawValue) takes one value, not \(given.count)")
            }
            return try read(make(given[0], home))
        }
    }

    /// How the words of `defaults write` become a stored value, which `read` then checks.
    enum Words: Sendable {
        case one(@Sendable (String, _ home: String?) throws(SettingValueError) -> JSONValue)
        case list(@Sendable ([String]) throws(SettingValueError) -> JSONValue)
    }
}
