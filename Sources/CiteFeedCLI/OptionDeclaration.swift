import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// An option as a command declares it, once: its spec (for parsing, `--help` and completions)
/// and the typed way to read it from `ParsedArguments`. A command keeps its options as static
/// constants and lists them in its `CommandSpec`; reading goes through the constant, so a
/// misspelt option is a compile error, not a `nil` at run time.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}
