import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed defaults delete KEY`
struct DefaultsDeleteCommand: Command {
    static let spec = CommandSpec(
        name: "defaults delete", usage: "KEY [--rotation NAME]", summary: "Restore a setting's default.",
        details: "Removes KEY from settings.json.\n\n" + DefaultsReadCommand.keyTable,
        options: [CLI.rotationOption], positionals: (1, 1), positionalName: "a KEY", completes: .words(SettingKey.allCases.map(\.rawValue)))

    let key: SettingKey

    init(_ arguments: ParsedArguments) throws {
        let name = arguments.positionals[0]
        guard let key = SettingKey(rawValue: name) else { throw SettingsError.unknownKey(name) }
        self.key = key
    }

    func run(_ context: Context) throws {
        guard try context.home.deleteSetting(key, rotation: context.rotationName) else {
            context.err.line("citefeed: note: \(key.rawValue) was not set; it keeps its default.")
            return
        }
        context.reloadSettings()
    }
}
