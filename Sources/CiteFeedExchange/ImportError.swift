import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// An import file that cannot be read as a whole. Data only; the front end words it (the
/// CLI's `ImportError+Words.swift`).
package enum ImportError: Error, Equatable, Sendable {
    /// The file as a whole is not of its format: its name and what the reader found wrong.
    case malformed(String, String)
    case unknownFormat(String)
    case empty(String)
    case binary(String)
    /// The first few invalid records, and how many there were in all.
    case invalidRecords([InvalidRecord], total: Int)
    /// A review log's lines that are no answer to a card of the library: the first few, and
    /// how many there were in all (nothing of the log is added).
    case invalidAnswers([InvalidRecord], total: Int)
    case notFound(String)
    /// An address that could not be fetched, and why.
    case fetch(String, String)
    /// A file read to the end that gave no citation at all (not even a duplicate or an invalid
    /// one): its name, the format it was read as, and what was left out of it (a kind of
    /// record, such as "bookmark", and how many).
    case noCitations(String, ImportFormat, skipped: [(String, Int)])
    /// A database (`name`) that could not be copied to be read, and the failure.
    case notCopied(String, IOFailure)

    package static func == (a: ImportError, b: ImportError) -> Bool {
        switch (a, b) {
        case let (.malformed(n, r), .malformed(m, s)), let (.fetch(n, r), .fetch(m, s)): n == m && r == s
        case let (.unknownFormat(n), .unknownFormat(m)), let (.empty(n), .empty(m)), let (.binary(n), .binary(m)),
            let (.notFound(n), .notFound(m)):
            n == m
        case let (.invalidRecords(p, t), .invalidRecords(q, u)), let (.invalidAnswers(p, t), .invalidAnswers(q, u)): p == q && t == u
        case let (.notCopied(n, f), .notCopied(m, g)): n == m && f == g
        case let (.noCitations(n, f, k), .noCitations(m, g, l)):
            n == m && f == g && k.map(\.0) == l.map(\.0) && k.map(\.1) == l.map(\.1)
        default: false
        }
    }
}
