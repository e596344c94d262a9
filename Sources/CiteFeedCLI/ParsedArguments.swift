import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// Options and positionals as given on the command line. Options are read through their
/// declarations (`Flag`, `Option`: see `OptionDeclaration.swift`), never by a name written again.
package struct ParsedArguments: Sendable {
    package var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    /// The names of the options the command declares (and the common ones).
    var declared: Set<String> = []
    package var wantsHelp = false
}
