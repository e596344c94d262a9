/// `citefeed defaults [read [KEY]] [--json]`
struct DefaultsReadCommand: Command {
    static let json = Flag("json", "print a JSON object of every setting in force")

    static let spec = CommandSpec(
        name: "defaults read", usage: "[KEY] [--json]", summary: "Show the settings (or one of them).",
        details: "Every setting with its value; those not set in settings.json show their default.\n\n" + keyTable,
        options: [json],
        positionals: (0, 1), positionalName: "", completes: .words(SettingKey.allCases.map(\.rawValue)))

    static var keyTable: String {
        "Settings:\n" + SettingKey.allCases.map { "  " + $0.rawValue.padding(to: 16) + "  " + $0.summary }.joined(separator: "\n")
    }

    let key: SettingKey?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        key = try arguments.positionals.first.map { name throws(SettingsError) in
            guard let key = SettingKey(rawValue: name) else { throw .unknownKey(name) }
            return key
        }
        json = arguments(Self.json)
    }

    func run(_ context: Context) throws {
        let settings = try context.settings()
        let values = try DefaultsReadCommand.effectiveValues(settings, context)
        if let key {
            let value = values.first { $0.0 == key }!.1
            if json {
                context.out.write(data: JSONWriter.compact(value) + "\n")
            } else if case .array(let items) = value {
                for item in items { context.out.line("\(SettingKey.display(item))") }
            } else {
                context.out.line("\(SettingKey.display(value))")
            }
            return
        }
        if json {
            context.out.write(data: JSONWriter.pretty(.object(values.map { ($0.0.rawValue, $0.1) })))
            return
        }
        let width = SettingKey.allCases.map(\.rawValue.count).max() ?? 0
        for (key, value) in values {
            var shown = SettingKey.display(value)
            if shown.isEmpty || shown.hasPrefix(" ") || shown.hasSuffix(" ") { shown = JSONWriter.compact(value) }
            let note: TerminalText = settings.isSet(key) ? "" : context.terminal.dim("  (default)")
            context.out.line("\(key.rawValue.padding(to: width))  \(shown)\(note)")
        }
    }

    /// Every key with the value in force, in the order of the spec.
    static func effectiveValues(_ settings: Settings, _ context: Context) throws -> [(SettingKey, JSONValue)] {
        let stored = Dictionary(settings.stored, uniquingKeysWith: { $1 })
        return try SettingKey.allCases.map { key in
            if let value = stored[key.rawValue] { return (key, value) }
            switch key {
            case .seed: return (key, .int(try context.library().seed()))
            case .outputDirectory: return (key, .string(context.paths.defaultOutputDirectory))
            default: return (key, key.defaultValue!)
            }
        }
    }
}

/// `citefeed defaults write KEY VALUE...`
struct DefaultsWriteCommand: Command {
    static let spec = CommandSpec(
        name: "defaults write", usage: "KEY VALUE...", summary: "Change a setting.",
        details: """
            The value is checked before settings.json is written; only the keys you change are kept
            there, so the file fits a dotfiles repository. Examples:
              citefeed defaults write interval 15m
              citefeed defaults write tags life work
              citefeed defaults write favouritesOnly yes

            """ + DefaultsReadCommand.keyTable,
        options: [], positionals: (1, nil), positionalName: "a KEY and its VALUE", completes: .words(SettingKey.allCases.map(\.rawValue)))

    let key: SettingKey
    let words: [String]

    init(_ arguments: ParsedArguments) throws {
        let name = arguments.positionals[0]
        guard let key = SettingKey(rawValue: name) else { throw SettingsError.unknownKey(name) }
        self.key = key
        words = Array(arguments.positionals.dropFirst())
        if words.isEmpty && !key.isList {
            throw UsageError.missingArgument("a VALUE for \(name) (\(key.summary))", command: "defaults write")
        }
    }

    func run(_ context: Context) throws {
        let value: JSONValue
        do {
            value = try key.parse(words: words, home: context.paths.userHome)
        } catch {
            throw SettingsError.invalidValue(key: key.rawValue, value: words.joined(separator: " "), reason: error.reason)
        }
        if key == .tags, case .array(let names) = value {
            let known = Set(try context.library().tags().map { Tag.key($0.tag.name) })
            for case .string(let name) in names where !known.contains(Tag.key(name)) {
                context.warn("no tag is named \(quoted(name)) yet; nothing rotates from it until a citation has it.")
            }
        }
        let file = SettingsFile(path: context.paths.settings)
        // The outputs follow the new settings; the file is written last, in the same transaction.
        try file.restoring {
            try context.changeLibrary(settings: try file.settings(applying: key, value)) { _ in try file.write(key, value) }
        }
        context.reloadSettings()
    }
}

/// `citefeed defaults delete KEY`
struct DefaultsDeleteCommand: Command {
    static let spec = CommandSpec(
        name: "defaults delete", usage: "KEY", summary: "Restore a setting's default.",
        details: "Removes KEY from settings.json.\n\n" + DefaultsReadCommand.keyTable,
        options: [], positionals: (1, 1), positionalName: "a KEY", completes: .words(SettingKey.allCases.map(\.rawValue)))

    let key: SettingKey

    init(_ arguments: ParsedArguments) throws {
        let name = arguments.positionals[0]
        guard let key = SettingKey(rawValue: name) else { throw SettingsError.unknownKey(name) }
        self.key = key
    }

    func run(_ context: Context) throws {
        let file = SettingsFile(path: context.paths.settings)
        guard try context.settings().isSet(key) else {
            context.err.line("citefeed: note: \(key.rawValue) was not set; it keeps its default.")
            return
        }
        try file.restoring {
            try context.changeLibrary(settings: try file.settings(applying: key, nil)) { _ in try file.delete(key) }
        }
        context.reloadSettings()
    }
}
