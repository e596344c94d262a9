import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// What a shell may offer for a command's positional arguments.
package enum PositionalCompletion: Sendable, Equatable {
    case nothing
    case files
    case words([String])
    /// The library's rotation names (`citefeed rotation list`), asked when completing.
    case rotations
    /// The library's tag names (`citefeed tag list --names`), asked when completing.
    case tags
}
