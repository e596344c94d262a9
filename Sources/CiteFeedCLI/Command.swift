import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// A command: its spec, validation of the parsed arguments (`init`), then `run`.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    /// Checks the arguments before anything is touched (`validate()` in swift-argument-parser).
    init(_ arguments: ParsedArguments) throws
    func run(_ context: Context) throws
}
