import CiteFeedExchange
import CiteFeedModel
import CiteFeedSupport

/// An import's errors in the command line's words and exit statuses.
extension ImportError: CiteFeedError {
    /// `[("bookmark", 3), ("placeholder", 1)]` as "3 bookmarks and 1 placeholder".
    static func counted(_ kinds: [(String, Int)]) -> String {
        func plural(_ word: String) -> String {
            word.hasSuffix("y") && !"aeiou".contains(word.dropLast().last ?? "a") ? word.dropLast() + "ies" : word + "s"
        }
        let parts = kinds.map { "\($0.1) \($0.1 == 1 ? $0.0 : plural($0.0))" }
        return parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts.last! : parts.joined()
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .notFound: return .notFound
        case .fetch: return .ioError
        default: return .dataError
        }
    }

    package var message: String {
        switch self {
        case let .malformed(name, reason): return "\(name) is not valid: \(reason)."
        case let .notCopied(name, failure): return "\(name) is not valid: it could not be copied to be read (\(failure.message))."
        case .unknownFormat(let name):
            return "Cannot tell the format of \(name); give --format \(ImportFormat.named)."
        case .empty(let name): return "\(name) is empty; nothing to import."
        case .binary(let name):
            return "\(name) is not a text file (it holds NUL bytes, or is UTF-16 that does not decode); nothing was imported."
        case let .invalidRecords(problems, total):
            let more = total > problems.count ? " And \(total - problems.count) more invalid records." : ""
            return "\(problems.map(\.words).joined(separator: " "))\(more) Nothing was imported; --skip-invalid imports the valid ones."
        case let .invalidAnswers(problems, total):
            let more = total > problems.count ? " And \(total - problems.count) more such lines." : ""
            return
                "\(problems.map(\.words).joined(separator: " "))\(more) Nothing was imported: each line must be an answer to a card of this library."
        case .notFound(let name): return "No file \(name)."
        case let .fetch(url, reason): return "Cannot fetch \(url): \(reason)."
        case let .noCitations(name, format, skipped):
            let found = skipped.isEmpty ? "nothing that is one" : "only " + ImportError.counted(skipped)
            return
                "\(name) holds no citations: read as \(format.rawValue), it expected \(format.expected), and found \(found). Nothing was imported; --format names another format."
        }
    }
}

extension InvalidRecord {
    /// `line 3: The citation text is empty; give the words to keep.`
    var words: String {
        switch problem {
        case .citation(let error): "\(location.words): \(error.message)"
        case .format(let reason): "\(location.words): \(reason)."
        }
    }
}

extension RecordLocation {
    /// `line 3`, `record 2`, `Tag 1 of "tags"`.
    var words: String {
        switch self {
        case .line(let n): "line \(n)"
        case .record(let n): "record \(n)"
        case .tag(let n): "Tag \(n) of \"tags\""
        }
    }
}
