import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed defaults [read [KEY]] [--json]`
struct DefaultsReadCommand: Command {
    static let json = Flag("json", "print a JSON object of every setting in force")

    static let spec = CommandSpec(
        name: "defaults read", usage: "[KEY] [--json] [--rotation NAME]", summary: "Show the settings (or one of them).",
        details: "Every setting with its value; those not set in settings.json show their default.\n\n" + keyTable,
        options: [json, CLI.rotationOption],
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
        try SettingKey.allCases.map { key in
            if settings.isSet(key), let value = settings.value(of: key) { return (key, value) }
            switch key {
            case .seed: return (key, .int(try context.home.seed()))
            // Where this rotation writes: a named one's is NAME/ inside the default one's.
            case .outputDirectory: return (key, .string(context.paths.outputDirectory(settings)))
            default: return (key, key.defaultValue ?? .null)
            }
        }
    }
}
