import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// The words and exit statuses of the bar's errors (the data is the Service's).
extension ReviewBarError: CiteFeedError {
    static func name(_ rotation: String) -> String { rotation.isEmpty ? "the default rotation" : "rotation \(quoted(rotation))" }
    /// `name`, to begin a sentence ("Rotation …", "The default rotation").
    static func sentenceName(_ rotation: String) -> String { name(rotation).prefix(1).uppercased() + name(rotation).dropFirst() }
    static func option(_ rotation: String) -> String { rotation.isEmpty ? "" : " --rotation \(rotation)" }

    package var exitStatus: ExitStatus {
        switch self {
        case .noCardShown: return .notFound
        default: return .usage
        }
    }

    package var message: String {
        switch self {
        case .reviewMode(let r):
            return
                "\(ReviewBarError.sentenceName(r)) reviews cards; 'citefeed grade again|hard|good|easy\(ReviewBarError.option(r))' answers the card shown."
        case .rotateMode(let r, let reviewing) where !reviewing.isEmpty:
            let names = reviewing.map(ReviewBarError.name).joined(separator: " and ")
            let how = reviewing[0].isEmpty ? "leave out --rotation" : "add" + ReviewBarError.option(reviewing[0]) + " to the command"
            return "\(ReviewBarError.sentenceName(r)) rotates citations; the cards are reviewed in \(names): \(how)."
        case .rotateMode(let r, _):
            return
                "\(ReviewBarError.sentenceName(r)) rotates citations; 'citefeed defaults write mode review\(ReviewBarError.option(r))' makes it show cards to review."
        case .noCardShown:
            return "No card is shown: none is due; 'citefeed status' says when the next one is."
        case .answeredMeanwhile(let id):
            return "Citation \(id) was answered since the bar showed it; the bar shows the next card now, grade that one."
        case .unknownGrade(let word):
            return "Unknown grade \(quoted(word)); use again, hard, good or easy (or 1-4, a h g e)."
        }
    }
}

/// Two rotations that would write to one directory.
extension OutputDirectoryConflict: CiteFeedError {
    package var exitStatus: ExitStatus { .usage }
    package var message: String {
        "\(ReviewBarError.sentenceName(first)) and \(ReviewBarError.name(second)) would both write to \(directory); give one its own with 'citefeed defaults write outputDirectory DIR --rotation \(second.isEmpty ? first : second)'."
    }
}
