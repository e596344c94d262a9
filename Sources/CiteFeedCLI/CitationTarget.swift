import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// The citation a command acts on: an id, or `--current` (the pick shown now).
enum CitationTarget {
    case id(Int64)
    case current

    /// `--current`, for the commands that take it.
    static let currentOption = Flag("current", "the citation shown now")

    init(_ arguments: ParsedArguments, command: String) throws {
        let current = arguments(CitationTarget.currentOption)
        if current && !arguments.positionals.isEmpty {
            throw UsageError.conflicting("ID", "--current", command: command)
        }
        if current {
            self = .current
        } else if let first = arguments.positionals.first {
            self = .id(try Arguments.id(first))
        } else {
            throw UsageError.missingArgument("the ID of a citation, or --current", command: command)
        }
    }

    func citation(_ context: Context) throws -> Citation {
        switch self {
        case .id(let id): return try context.library().citation(id: id)
        case .current: return try CurrentPick.citation(context)
        }
    }
}
