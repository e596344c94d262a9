import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// The text of `citefeed help`, `citefeed help COMMAND` and `--help`.
enum Help {
    static func overview() -> String {
        var text = """
            citefeed \(CLI.version) — keep a library of citations and rotate one into your bar and feeds

            Usage: citefeed [--home DIR] COMMAND [ARGUMENTS...]
                   citefeed help [COMMAND]
                   citefeed COMMAND --help
                   citefeed --version

            Commands:

            """
        let width = CLI.commands.map { $0.spec.name.count }.max() ?? 10
        for command in CLI.commands {
            text += "  " + command.spec.name.padding(to: width) + "  " + command.spec.summary + "\n"
        }
        text += """

            Files: the library is library.sqlite and the settings settings.json, in $CITEFEED_HOME
            (or --home DIR) when set, else in $XDG_DATA_HOME/citefeed and $XDG_CONFIG_HOME/citefeed.
            CITEFEED_NOW=2026-03-01T09:30:00+01:00 replaces the clock; NO_COLOR turns colour off.

            Exit status: 0 ok, 64 usage, 65 bad data, 66 not found, 73 cannot create an output,
            74 I/O error, 75 library busy, 1 anything else.

            """
        return text
    }

    /// The subcommands of `tag` or `defaults`.
    static func group(_ name: String) -> String {
        let members = CLI.commands.filter { $0.spec.name.hasPrefix(name + " ") }
        var text = "Usage:\n"
        for command in members { text += "  citefeed \(command.spec.name) \(command.spec.usage)\n" }
        text += "\n"
        let width = members.map { $0.spec.name.count }.max() ?? 10
        for command in members { text += "  " + command.spec.name.padding(to: width) + "  " + command.spec.summary + "\n" }
        text += "\nSee 'citefeed \(members.first?.spec.name ?? name) --help' and the others for details.\n"
        return text
    }

    static func page(_ spec: CommandSpec) -> String {
        var text = "Usage: citefeed \(spec.name)\(spec.usage.isEmpty ? "" : " " + spec.usage)\n\n"
        text += spec.summary + "\n"
        if !spec.details.isEmpty { text += "\n" + spec.details + "\n" }
        let options = spec.options + ArgumentParser.common
        let labels = options.map { option in
            "--\(option.name)" + (option.value.map { " \($0)" } ?? "") + (option.repeatable ? "..." : "")
        }
        let width = labels.map(\.count).max() ?? 0
        text += "\nOptions:\n"
        for (label, option) in zip(labels, options) {
            text += "  " + label.padding(to: width) + "  " + option.help + "\n"
        }
        return text
    }
}

extension String {
    func padding(to width: Int) -> String { TextWidth.pad(self, to: width) }
}
