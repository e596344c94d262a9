import CiteFeedModel
import CiteFeedSupport

/// Invalid citation data in the command line's words and exit statuses.
extension ModelError: CiteFeedError {
    package var exitStatus: ExitStatus {
        switch self {
        case .invalidColor: return .usage
        default: return .dataError
        }
    }

    package var message: String {
        switch self {
        case .emptyText:
            return "The citation text is empty; give the words to keep."
        case let .tooLong(field, limit, actual):
            return "The \(field) is \(actual) characters long; at most \(limit) are allowed."
        case let .tooManyBytes(field, limit, actual):
            return "The \(field) is \(actual) bytes long in UTF-8; at most \(limit) are allowed."
        case let .tooManyMarks(field, marks, position):
            return
                "The \(field) has a character with \(marks) combining marks at position \(position); at most \(CitationInput.maxMarks) are allowed."
        case let .controlCharacter(field, scalar, position):
            // The author and the source are one line each; the text and the back may have several.
            let allowed =
                field == "author" || field == "source" ? "it is one line, where only tab is allowed" : "only tab and newline are allowed"
            return "The \(field) contains the control character \(ModelError.scalarName(scalar)) at position \(position); \(allowed)."
        case let .invalidTagName(name, reason):
            return "Invalid tag name \(quoted(name)): \(reason)."
        case let .invalidColor(color):
            return "Invalid colour \(quoted(color)); use one of \(Palette.names.joined(separator: ", ")) or #RRGGBB."
        }
    }

    /// The message as a clause inside another sentence (no full stop).
    var reason: String { message.hasSuffix(".") ? String(message.dropLast()) : message }
}
