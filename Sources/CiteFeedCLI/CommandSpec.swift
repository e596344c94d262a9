import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// What a command accepts and how `--help` describes it.
package struct CommandSpec: Sendable {
    /// `add`, or `tag add` for a subcommand.
    package var name: String
    /// The arguments after the name in the usage line: `TEXT [--author A]...`.
    package var usage: String
    /// One line for `citefeed help`.
    package var summary: String
    /// Paragraphs for `--help`.
    package var details: String
    package var options: [OptionSpec]
    /// How many positional arguments, at least and at most (`nil`: no limit).
    package var positionals: (min: Int, max: Int?)
    /// Names of the positionals, for "missing X" messages.
    package var positionalName: String
    /// What `citefeed completions` offers for the positionals.
    package var completes: PositionalCompletion = .nothing

    init(
        name: String, usage: String, summary: String, details: String, options: [any OptionDeclaration], positionals: (min: Int, max: Int?),
        positionalName: String, completes: PositionalCompletion = .nothing
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.details = details
        self.options = options.map(\.spec)
        self.positionals = positionals
        self.positionalName = positionalName
        self.completes = completes
    }
}
