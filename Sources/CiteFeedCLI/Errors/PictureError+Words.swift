import CiteFeedCore
import CiteFeedOutput
import CiteFeedPicture
import CiteFeedService
import CiteFeedSupport

/// Pictures that cannot be made, in the command line's words.
extension PictureError: CiteFeedError {
    package var exitStatus: ExitStatus {
        switch self {
        case .librariesMissing, .librariesLack: return .unavailable
        case .cairo: return .failure
        case .backgroundMissing: return .notFound
        case .backgroundUnreadable: return .ioError
        case .backgroundNotPNG, .backgroundTooLarge, .backgroundUndecodable: return .dataError
        case .marginsTooLarge: return .usage
        }
    }

    package var message: String {
        switch self {
        case .librariesMissing:
            return
                "Pictures need Pango and Cairo, which are not installed; on Debian or Ubuntu: sudo apt install libpangocairo-1.0-0 (everything else works without them)."
        case .librariesLack(let calls):
            return
                "The Pango and Cairo installed are too old for pictures (they lack \(calls.joined(separator: ", "))); install Pango 1.44 or newer."
        case .cairo(let status):
            return "Cairo could not draw the picture (cairo status \(status)\(status == 1 ? ": out of memory" : ""))."
        case .backgroundMissing(let path):
            return "The background image \(path) does not exist (--background, or the setting pictureBackground)."
        case let .backgroundUnreadable(path, failure):
            return "Cannot read the background image \(path) (\(failure.reason(about: path)))."
        case .backgroundNotPNG(let path):
            return "The background image \(path) is not a PNG file (or is damaged); give a PNG."
        case .backgroundUndecodable(let path):
            return "The background image \(path) could not be decoded: it is damaged, or too large for the memory available."
        case let .backgroundTooLarge(path, width, height):
            return "The background image \(path) is \(width)×\(height) pixels; use one of at most 16384 on a side and 40 million in all."
        case let .marginsTooLarge(margins, width, height):
            return
                "The margins \(margins) leave no room for a card of \(width)×\(height); lower them with 'citefeed defaults write pictureMargins …'."
        }
    }
}

/// A rotation's pictures that were not made, as a warning.
extension PictureOrderFailure {
    var message: String {
        let because: String
        switch reason {
        case .picture(let error): because = error.message
        case .output(let error): because = error.message
        case let .leftAlone(names, directory):
            let these = names.filter { $0 != OutputSet.pictureStamp }.joined(separator: ", ")
            return
                "\(label)\(these) in \(directory) \(names.count == 1 ? "was" : "were") not written by citefeed, so \(names.count == 1 ? "it is" : "they are") left as \(names.count == 1 ? "it is" : "they are"); the other pictures were made."
        }
        return "\(label)the pictures were not made: \(because)"
    }
}
