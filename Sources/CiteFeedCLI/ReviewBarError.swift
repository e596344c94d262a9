import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// Why `reveal`, `grade` or `next` cannot do what the bar asked (issue 14).
public enum ReviewBarError: CiteFeedError, Equatable {
    /// `next` in a rotation that reviews.
    case reviewMode(String)
    /// `reveal` or `grade` in a rotation that rotates.
    case rotateMode(String)
    /// No card is shown: nothing is due.
    case noCardShown
    case unknownGrade(String)
    /// The card shown was answered since it was shown.
    case answeredMeanwhile(Int64)

    static func name(_ rotation: String) -> String { rotation.isEmpty ? "the default rotation" : "rotation \(quoted(rotation))" }
    /// `name`, to begin a sentence.
    static func Name(_ rotation: String) -> String { name(rotation).prefix(1).uppercased() + name(rotation).dropFirst() }
    static func option(_ rotation: String) -> String { rotation.isEmpty ? "" : " --rotation \(rotation)" }

    public var exitStatus: ExitStatus {
        switch self {
        case .noCardShown: return .notFound
        default: return .usage
        }
    }

    public var message: String {
        switch self {
        case .reviewMode(let r):
            return "\(ReviewBarError.Name(r)) reviews cards; 'citefeed grade again|hard|good|easy\(ReviewBarError.option(r))' answers the card shown."
        case .rotateMode(let r):
            return "\(ReviewBarError.Name(r)) rotates citations; 'citefeed defaults write mode review\(ReviewBarError.option(r))' makes it show cards to review."
        case .noCardShown:
            return "No card is shown: none is due; 'citefeed status' says when the next one is."
        case .answeredMeanwhile(let id):
            return "Citation \(id) was answered since the bar showed it; the bar shows the next card now, grade that one."
        case .unknownGrade(let word):
            return "Unknown grade \(quoted(word)); use again, hard, good or easy (or 1-4, a h g e)."
        }
    }
}
