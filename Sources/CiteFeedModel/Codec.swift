import CiteFeedSupport

/// How the values of one kind (a whole number in a range, a list of names, a span of time) are
/// read from `settings.json` and from `defaults write`'s words, and written back. `decode` is the
/// one place a stored value is parsed.
struct Codec<Value: Sendable>: Sendable {
    let decode: @Sendable (JSONValue) throws(SettingValueError) -> Value
    /// The stored form, normalised (what `decode` reads back as the same value); `nil`: unset.
    let encode: @Sendable (Value) -> JSONValue?
    var words: Setting.Words = .one { word, _ in .string(word) }
    var completion: SettingCompletion = .nothing

    /// The same values, or none (`nil`, which is stored as no key at all).
    var optional: Codec<Value?> {
        let decode = self.decode
        let encode = self.encode
        return Codec<Value?>(
            decode: { v throws(SettingValueError) in try decode(v) }, encode: { $0.flatMap(encode) }, words: words, completion: completion)
    }
}

func wrongType(_ value: JSONValue, _ expected: String) -> SettingValueError {
    .rule("expected \(expected), found \(value.kindName)")
}

/// Refuses a control character (a newline in a feed title, an escape in a template).
func plainText(_ s: String) throws(SettingValueError) {
    if let bad = s.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
        throw .rule("it contains the control character \(ModelError.scalarName(bad.value))")
    }
}

extension Codec where Value == String {
    /// A string, checked and normalised by `check`; `expected` names it when the type is wrong.
    static func string(_ expected: String, _ check: @escaping @Sendable (String) throws(SettingValueError) -> String) -> Codec {
        text(expected, check, format: { $0 })
    }

    /// Plain text of at most 500 characters, trimmed (`required`: not empty).
    static func plain(_ expected: String, required: String? = nil) -> Codec {
        string(expected) { s throws(SettingValueError) in
            try plainText(s)
            if let required, s.trimmingWhitespace().isEmpty { throw .rule(required) }
            guard s.count <= 500 else { throw .rule("use at most 500 characters") }
            return s.trimmingWhitespace()
        }
    }

    /// An absolute http(s) address, or empty.
    static var webAddress: Codec {
        string("an http(s) URL") { s throws(SettingValueError) in
            guard s.isEmpty || s.isPlainHTTPURL else {
                throw .rule("use an absolute http(s) URL without spaces or user:password@, or an empty string")
            }
            return s
        }
    }

    /// A directory: an absolute path (or one from `~`) in the file; on the command line any
    /// path, made absolute from the working directory.
    static var directory: Codec { path("directory", bareTilde: true, completion: .directories) }

    /// A file: as a directory, but `~` alone is not one.
    static var file: Codec { path("file", bareTilde: false, completion: .files) }

    /// An absolute path (or one from `~/`, or `~` itself when `bareTilde`) of a `kind` ("file").
    private static func path(_ kind: String, bareTilde: Bool, completion: SettingCompletion) -> Codec {
        var codec = string("a \(kind) path") { s throws(SettingValueError) in
            guard s.hasPrefix("/") || s.hasPrefix("~/") || (bareTilde && s == "~") else { throw .rule("use an absolute path") }
            try plainText(s)
            return s
        }
        codec.words = .one { word, home throws(SettingValueError) in
            guard !word.isEmpty else { throw .rule("use a \(kind) path") }
            return .string(Posix.absolutePath(word, home: home))
        }
        codec.completion = completion
        return codec
    }
}

extension Codec where Value == [String] {
    /// A command's words (`publishCommand`, `wallpaperCommand`), run without a shell in the
    /// output directory: the program a name on PATH or an absolute path, never relative.
    static var command: Codec {
        texts("words of a command", distinct: false) { words throws(SettingValueError) in
            guard words.first.map({ !$0.isEmpty }) ?? true else { throw .rule("the command's first word is empty") }
            // It runs in the output directory: a relative path would mean a program there.
            if let first = words.first, first.contains("/"), !first.hasPrefix("/") {
                throw .rule("give the program as a name on PATH or an absolute path, not \(quoted(first))")
            }
        }
    }

    /// Names of picture presets (`PicturePreset`), each once, in lower case.
    static var presets: Codec {
        var codec = texts("presets", distinct: true) { names throws(SettingValueError) in
            guard names.count <= 8 else { throw .rule("use at most 8 presets") }
            for name in names where PicturePreset.named(name) == nil {
                throw .rule("\(quoted(name)) is not a preset; use \(PicturePreset.names.joined(separator: ", "))")
            }
        }
        let decode = codec.decode
        codec = Codec(
            decode: { v throws(SettingValueError) in try decode(v).map { $0.lowercased() } }, encode: codec.encode, words: codec.words)
        codec.completion = .words(PicturePreset.names)
        return codec
    }
}

extension Codec where Value == PictureMargins {
    /// One to four whole numbers of pixels, as CSS gives margins; stored as the shortest list.
    static var margins: Codec {
        Codec(
            decode: { v throws(SettingValueError) in
                let items: [JSONValue]
                switch v {
                case .int: items = [v]
                case .array(let list): items = list
                default: throw wrongType(v, "a list of 1 to 4 whole numbers")
                }
                var values: [Int] = []
                for item in items {
                    guard case .int(let n) = item, let value = Int(exactly: n) else {
                        throw wrongType(item, "a list of 1 to 4 whole numbers")
                    }
                    values.append(value)
                }
                guard let margins = PictureMargins(values) else {
                    throw .rule("use 1 to 4 whole numbers of pixels from 0 to \(PictureMargins.largest)")
                }
                return margins
            }, encode: { .array($0.values.map { .int(Int64($0)) }) },
            words: .list { words throws(SettingValueError) in
                .array(
                    try words.map { word throws(SettingValueError) in
                        guard let n = Int64(word) else { throw .rule("use whole numbers of pixels, such as 32 0 0 0") }
                        return .int(n)
                    })
            })
    }
}

extension Codec {
    /// A value written as text: `parse` reads it (and says why not), `format` writes it.
    static func text(
        _ expected: String, _ parse: @escaping @Sendable (String) throws(SettingValueError) -> Value,
        format: @escaping @Sendable (Value) -> String
    ) -> Codec {
        Codec(
            decode: { v throws(SettingValueError) in
                guard case .string(let s) = v else { throw wrongType(v, expected) }
                return try parse(s)
            }, encode: { .string(format($0)) })
    }
}

extension Codec where Value: CustomStringConvertible {
    static func text(_ expected: String, _ parse: @escaping @Sendable (String) throws(SettingValueError) -> Value) -> Codec {
        text(expected, parse, format: \.description)
    }
}

extension Codec where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of a few names, in any case.
    static var choice: Codec {
        let names = Value.allCases.map(\.rawValue)
        let expected = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        var codec = Codec(
            decode: { v throws(SettingValueError) in
                guard case .string(let s) = v, let value = Value(rawValue: s.lowercased()) else { throw .rule("use \(expected)") }
                return value
            }, encode: { .string($0.rawValue) })
        codec.completion = .words(names)
        return codec
    }
}

extension Codec where Value == Bool {
    static var yesNo: Codec {
        Codec(
            decode: { v throws(SettingValueError) in
                guard case .bool(let b) = v else { throw wrongType(v, "true or false") }
                return b
            }, encode: { .bool($0) },
            words: .one { word, _ throws(SettingValueError) in
                switch word.lowercased() {
                case "yes", "true", "1", "on": return .bool(true)
                case "no", "false", "0", "off": return .bool(false)
                default: throw .rule("use yes, no, true or false")
                }
            }, completion: .words(["yes", "no"]))
    }
}

/// `defaults write`'s word as a whole number, for `decode` to check.
private let wholeNumber: Setting.Words = .one { word, _ throws(SettingValueError) in
    guard let n = Int64(word) else { throw .rule("use a whole number") }
    return .int(n)
}

extension Codec where Value: FixedWidthInteger {
    /// A whole number in `range` (any the type holds: `nil`).
    static func integer(_ range: ClosedRange<Value>? = nil) -> Codec {
        Codec(
            decode: { v throws(SettingValueError) in
                guard case .int(let n) = v else { throw wrongType(v, "a whole number") }
                guard let value = Value(exactly: n), range?.contains(value) ?? true else {
                    throw .rule("use a number from \(range?.lowerBound ?? .min) to \(range?.upperBound ?? .max)")
                }
                return value
            }, encode: { .int(Int64($0)) }, words: wholeNumber)
    }
}

extension Codec where Value == Int {
    /// A span of minutes written with units (`1d7h`), read by `parse` into minutes.
    static func span(_ expected: String, _ parse: @escaping @Sendable (String) throws(SettingValueError) -> Int) -> Codec {
        text(expected, parse, format: { Span(minutes: $0).description })
    }
}

extension Codec where Value == Double {
    /// A number in `range`, shown with two decimals in messages.
    static func number(_ range: ClosedRange<Double>, example: String) -> Codec {
        Codec(
            decode: { v throws(SettingValueError) in
                guard let d = v.numberValue else { throw wrongType(v, "a number such as \(example)") }
                guard range.contains(d) else {
                    throw .rule("use a number from \(twoDecimals(range.lowerBound)) to \(twoDecimals(range.upperBound))")
                }
                return d
            }, encode: { .double($0) },
            words: .one { word, _ throws(SettingValueError) in
                guard let d = Double(word), word.first?.isNumber == true else { throw .rule("use a number such as \(example)") }
                return .double(d)
            })
    }
}

private func twoDecimals(_ d: Double) -> String {
    let hundredths = Int((d * 100).rounded())
    return "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
}

extension Codec where Value == [String] {
    /// A list of texts without control characters, at most 100 of at most 500 characters each;
    /// `distinct`: names, trimmed, not empty, without repeats in any case. `check` sees the list.
    static func texts(_ what: String, distinct: Bool, check: @escaping @Sendable ([String]) throws(SettingValueError) -> Void = { _ in })
        -> Codec
    {
        Codec(
            decode: { v throws(SettingValueError) in
                guard case .array(let items) = v else { throw wrongType(v, "a list of \(what)") }
                guard items.count <= 100 else { throw .rule("use at most 100 \(what)") }
                var result: [String] = []
                for item in items {
                    guard case .string(let raw) = item else { throw wrongType(item, "a list of \(what)") }
                    try plainText(raw)
                    let s = distinct ? raw.trimmingWhitespace() : raw
                    guard s.count <= 500 else { throw .rule("use at most 500 characters in each") }
                    if distinct {
                        guard !s.isEmpty else { throw .rule("a name is empty") }
                        if result.contains(where: { $0.lowercased() == s.lowercased() }) { continue }
                    }
                    result.append(s)
                }
                try check(result)
                return result
            }, encode: { .array($0.map(JSONValue.string)) }, words: .list { .array($0.map(JSONValue.string)) })
    }

    /// Tag names, as tags compare them (no repeats in any case).
    static var tagNames: Codec {
        Codec(
            decode: { v throws(SettingValueError) in
                guard case .array(let items) = v else { throw wrongType(v, "a list of tag names") }
                var names: [String] = []
                for item in items {
                    guard case .string(let s) = item else { throw wrongType(item, "a list of tag names") }
                    do throws(ModelError) {
                        let name = try Tag.validateName(s)
                        if !names.contains(where: { Tag.key($0) == Tag.key(name) }) { names.append(name) }
                    } catch { throw .invalid(error) }
                }
                return names
            }, encode: { .array($0.map(JSONValue.string)) }, words: .list { .array($0.map(JSONValue.string)) }, completion: .tags)
    }
}

extension Codec where Value == [Int] {
    /// Learning steps: at most 20 spans from 1m to 1d, in minutes.
    static var steps: Codec {
        let texts = Codec<[String]>.texts("steps such as 1m or 10m", distinct: false)
        return Codec(
            decode: { v throws(SettingValueError) in
                let words = try texts.decode(v)
                guard words.count <= 20 else { throw .rule("use at most 20 steps") }
                var steps: [Int] = []
                for word in words {
                    let minutes = try Schedule.parseOffset(word)
                    guard minutes > 0 && minutes <= Interval.day else { throw .rule("a step is from 1m to 1d") }
                    steps.append(minutes)
                }
                return steps
            }, encode: { .array($0.map { .string(Span(minutes: $0).description) }) }, words: texts.words)
    }
}

extension Codec where Value == [WeightRule] {
    /// `{"tag:stoic": 3}` in the file, `tag:stoic=3` words on the command line (a later word for
    /// the same target replaces an earlier one); kept sorted by key.
    static var weights: Codec {
        Codec(
            decode: { v throws(SettingValueError) in
                guard case .object(let members) = v else { throw wrongType(v, "an object such as {\"tag:stoic\": 3}") }
                guard members.count <= WeightRule.maximumRules else { throw .rule("use at most \(WeightRule.maximumRules) weights") }
                var rules: [WeightRule] = []
                for (key, weight) in members {
                    guard case .int(let n) = weight else { throw wrongType(weight, "a whole number as the weight of \(quoted(key))") }
                    let rule = try WeightRule(key: key, weight: Int(clamping: n))
                    if rules.contains(where: { $0.sameTarget(rule) }) { throw .rule("\(quoted(rule.key)) has two weights") }
                    rules.append(rule)
                }
                return rules.sorted { $0.key < $1.key }
            }, encode: { .object($0.map { ($0.key, .int(Int64($0.weight))) }) },
            words: .list { words throws(SettingValueError) in
                var rules: [WeightRule] = []
                for word in words {
                    let rule = try WeightRule(parsing: word)
                    rules.removeAll { $0.sameTarget(rule) }
                    rules.append(rule)
                }
                return .object(rules.map { ($0.key, .int(Int64($0.weight))) })
            })
    }
}

extension Codec where Value == [Double] {
    /// FSRS's parameters: 21 finite numbers (or none, FSRS's defaults), as `optimize` writes
    /// them; numbers words on the command line.
    static var parameters: Codec {
        Codec(
            decode: { v throws(SettingValueError) in
                guard case .array(let items) = v else { throw wrongType(v, "a list of 21 numbers") }
                var numbers: [Double] = []
                for item in items {
                    guard let d = item.numberValue, d.isFinite else { throw wrongType(item, "a list of 21 numbers") }
                    numbers.append(d)
                }
                guard numbers.isEmpty || numbers.count == 21 else {
                    throw .rule("give FSRS-6's 21 parameters (or FSRS-5's 19, FSRS-4.5's 17), or none")
                }
                for (i, (low, high)) in StudyParameters.bounds.enumerated() where !(low...high).contains(numbers.isEmpty ? low : numbers[i])
                {
                    throw .rule("w\(i) is \(numbers[i]); FSRS takes it from \(low) to \(high)")
                }
                return numbers
            }, encode: { .array($0.map(JSONValue.double)) },
            words: .list { words throws(SettingValueError) in
                // As Anki shows them ("0.212, 1.2931, …"), in one word or many.
                var numbers: [Double] = []
                for word in words.flatMap({ $0.split(whereSeparator: { $0 == "," || $0 == " " }) }) {
                    guard let d = Double(word), d.isFinite, word.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true else {
                        throw .rule("use numbers such as 0.212")
                    }
                    numbers.append(d)
                }
                return .array(StudyParameters.upgraded(numbers).map(JSONValue.double))
            })
    }
}
