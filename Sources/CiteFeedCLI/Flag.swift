import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `--name` alone.
struct Flag: OptionDeclaration {
    let spec: OptionSpec

    init(_ name: String, _ help: String) { spec = .flag(name, help) }
}
