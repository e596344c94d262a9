import CiteFeedOutput
import CiteFeedService
import CiteFeedSupport

/// Outputs that cannot be written, in the command line's words.
extension OutputError: CiteFeedError {
    package var exitStatus: ExitStatus { .cannotCreate }

    package var message: String {
        switch self {
        case let .cannotCreate(path, failure):
            let reason = failure.message
            return
                "Cannot write the outputs in \(path) (\(reason)); check the directory, or choose another with 'citefeed defaults write outputDirectory DIR'."
        case let .cannotWriteFile(path, failure):
            return "Cannot write \(path): \(failure.reason(about: path))."
        }
    }
}

/// Why a card cannot be studied or graded, in the command line's words.
extension StudyError: CiteFeedError {
    package var exitStatus: ExitStatus {
        switch self {
        case .notACard, .suspended: return .usage
        case .nothingToUndo: return .notFound
        }
    }

    package var message: String {
        switch self {
        case .notACard(let id):
            return "Citation \(id) is not a card: it has no back side; 'citefeed card \(id)' makes it one."
        case .suspended(let id):
            return "Citation \(id) is archived, which suspends its card; 'citefeed restore \(id)' brings it back."
        case .nothingToUndo:
            return "There is no answer to take back."
        }
    }
}
