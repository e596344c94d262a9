import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

extension ImportError {
    /// `[("bookmark", 3), ("placeholder", 1)]` as "3 bookmarks and 1 placeholder".
    package static func counted(_ kinds: [(String, Int)]) -> String {
        let parts = kinds.map { "\($0.1) \($0.0)\($0.1 == 1 ? "" : "s")" }
        return parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts.last! : parts.joined()
    }
}

/// An import file that cannot be read as a whole.
public enum ImportError: CiteFeedError, Equatable {
    case malformed(String, String)
    case unknownFormat(String)
    case empty(String)
    case binary(String)
    case invalidRecords([String], total: Int)
    case notFound(String)
    case fetch(String, String)
    /// A file read to the end that gave no citation at all (not even a duplicate or an invalid
    /// one): its name, the format it was read as, and what was left out of it.
    case noCitations(String, ImportFormat, skipped: [(String, Int)])

    public static func == (a: ImportError, b: ImportError) -> Bool { a.message == b.message }

    public var exitStatus: ExitStatus {
        switch self {
        case .notFound: return .notFound
        case .fetch: return .ioError
        default: return .dataError
        }
    }

    public var message: String {
        switch self {
        case let .malformed(name, reason): return "\(name) is not valid: \(reason)."
        case .unknownFormat(let name):
            return "Cannot tell the format of \(name); give --format \(ImportFormat.named)."
        case .empty(let name): return "\(name) is empty; nothing to import."
        case .binary(let name): return "\(name) is not a text file (it holds NUL bytes, or is UTF-16 that does not decode); nothing was imported."
        case let .invalidRecords(problems, total):
            let more = total > problems.count ? " And \(total - problems.count) more invalid records." : ""
            return "\(problems.joined(separator: " "))\(more) Nothing was imported; --skip-invalid imports the valid ones."
        case .notFound(let name): return "No file \(name)."
        case let .fetch(url, reason): return "Cannot fetch \(url): \(reason)."
        case let .noCitations(name, format, skipped):
            let found = skipped.isEmpty ? "nothing that is one" : "only " + ImportError.counted(skipped)
            return "\(name) holds no citations: read as \(format.rawValue), it expected \(format.expected), and found \(found). Nothing was imported; --format names another format."
        }
    }
}
