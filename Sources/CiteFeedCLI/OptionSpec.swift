import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// One option of a command: `--name` alone (a flag) or `--name VALUE` / `--name=VALUE`.
package struct OptionSpec: Sendable {
    package var name: String
    /// The value's placeholder in help (`A`, `N`, `DIR`); `nil` for a flag.
    package var value: String?
    package var repeatable: Bool
    package var help: String
    /// The values a shell may offer after it (`citefeed completions`); files for a `FILE`,
    /// directories for a `DIR`.
    package var choices: [String] = []

    package static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, repeatable: false, help: help)
    }

    package static func value(_ name: String, _ value: String, _ help: String, repeatable: Bool = false, choices: [String] = [])
        -> OptionSpec
    {
        OptionSpec(name: name, value: value, repeatable: repeatable, help: help, choices: choices)
    }
}
