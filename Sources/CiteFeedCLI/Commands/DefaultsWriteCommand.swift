import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed defaults write KEY VALUE...`
struct DefaultsWriteCommand: Command {
    static let spec = CommandSpec(
        name: "defaults write", usage: "KEY VALUE... [--rotation NAME]", summary: "Change a setting.",
        details: """
            The value is checked before settings.json is written; only the keys you change are kept
            there, so the file fits a dotfiles repository. Examples:
              citefeed defaults write interval 15m
              citefeed defaults write tags life work
              citefeed defaults write favouritesOnly yes
              citefeed defaults write weights tag:stoic=3 author:Seneca=0
              citefeed defaults write activeHours 08:00-22:00 --rotation morning
              citefeed defaults write publishCommand -- rsync -a --delete ./ host:feeds/
            A value that starts with '-' goes after '--'. A list (tags, authors, weights,
            publishCommand...) is replaced whole by the words given.

            """ + DefaultsReadCommand.keyTable,
        options: [CLI.rotationOption], positionals: (1, nil), positionalName: "a KEY and its VALUE",
        completes: .words(SettingKey.allCases.map(\.rawValue)))

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
            throw SettingsError.invalidValue(key: key.rawValue, value: words.joined(separator: " "), reason: error)
        }
        if key == .tags, case .array(let names) = value {
            let known = Set(try context.home.tags().map { Tag.key($0.tag.name) })
            for case .string(let name) in names where !known.contains(Tag.key(name)) {
                context.warn("no tag is named \(quoted(name)) yet; nothing rotates from it until a citation has it.")
            }
        }
        try context.home.writeSetting(key, value, rotation: context.rotationName)
        context.reloadSettings()
        // A list given no words is emptied: said, as it may be a value forgotten.
        if words.isEmpty {
            context.out.line(
                "Cleared \(key.rawValue): it is an empty list now ('citefeed defaults delete \(key.rawValue)' puts back its default).")
        }
    }
}
