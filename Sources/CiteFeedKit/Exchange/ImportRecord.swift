/// One citation read from an import file, before validation.
public struct ImportRecord: Sendable, Equatable {
    /// Where it is in the file, for messages: `line 12`, `record 3`.
    public var location: RecordLocation
    public var text: String?
    public var back: String?
    public var author: String?
    public var source: String?
    public var tags: [String] = []
    public var favourite = false
    public var uuid: String?
    public var id: Int64?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?
    public var archivedAt: Timestamp?
    /// Archived, with no date in the file (then the import's time).
    public var archived = false
    /// Why the reader could not take the record as a citation (a field of the wrong type), if so.
    public var problem: String?

    public init(location: RecordLocation, text: String?, author: String? = nil) {
        self.location = location
        self.text = text
        self.author = author
    }
}

/// Where a record is in its file: a line (text formats) or the number of a JSON list's element.
/// Kept as the number, and spelled out only for a message (most records never need one).
public enum RecordLocation: Sendable, Equatable, CustomStringConvertible {
    case line(Int)
    case record(Int)

    public var description: String {
        switch self {
        case .line(let n): "line \(n)"
        case .record(let n): "record \(n)"
        }
    }
}

/// An import file opened for reading: its records, handed one at a time to `forEachRecord`'s
/// body with the fraction of the file read so far, and its tags with their colours where the
/// format has them. A CSV or JSON file is parsed as it is imported, so a malformed row late in
/// the file stops an import that has already begun (and the transaction undoes it).
public struct ImportReader {
    /// The file's tags by `Tag.key`; for a streamed file, complete only once every record has
    /// been read (a file may list its tags after its citations).
    public let tags: ImportTags
    public let forEachRecord: (_ body: (ImportRecord, Double) throws -> Void) throws -> Void
    /// What the file holds that is not a citation and was left out, with how many of each
    /// (`("bookmark", 3)`), for a note.
    public var skipped: [(String, Int)] = []

    /// A reader of records already in memory (the small formats).
    init(records: [ImportRecord], skipped: [(String, Int)] = []) {
        self.skipped = skipped
        tags = ImportTags()
        forEachRecord = { body in
            for (i, record) in records.enumerated() { try body(record, Double(i + 1) / Double(records.count)) }
        }
    }

    init(tags: ImportTags = ImportTags(), forEachRecord: @escaping (_ body: (ImportRecord, Double) throws -> Void) throws -> Void) {
        self.tags = tags
        self.forEachRecord = forEachRecord
    }
}

/// The tags of an import file with their colours, by `Tag.key`. Filled by the reader; read by
/// the import after the last record (so never while the reader's thread writes it).
public final class ImportTags: @unchecked Sendable {
    public internal(set) var byKey: [String: Tag] = [:]
    /// Entries of the file's tag list that are not a valid tag, as invalid records are named.
    public internal(set) var problems: [String] = []
}

extension ImportError {
    /// `[("bookmark", 3), ("placeholder", 1)]` as "3 bookmarks and 1 placeholder".
    static func counted(_ kinds: [(String, Int)]) -> String {
        let parts = kinds.map { "\($0.1) \($0.0)\($0.1 == 1 ? "" : "s")" }
        return parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts.last! : parts.joined()
    }
}

/// The import formats of SPEC.md "Import and export".
public enum ImportFormat: String, CaseIterable, Sendable {
    case auto, json, csv, fortune, clippings, dummyjson, markdown, anki

    /// What a file of the format holds, for the message when it holds none.
    var expected: String {
        switch self {
        case .auto, .json: "a list of objects with a text (\(ImportFields.textNames))"
        case .dummyjson: "{\"quotes\": [...]} with objects holding a quote"
        case .csv: "rows under a header naming a column of text, or rows of text and author"
        case .fortune: "entries between lines of %"
        case .clippings: "highlights and notes between lines of =========="
        case .markdown: "blockquotes, lines starting with >"
        case .anki: "notes, one per line, after Anki's #separator and #html lines"
        }
    }

    /// The formats `--format` names, for messages: "json, csv, …, dummyjson or markdown".
    static var named: String {
        let names = allCases.dropFirst().map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
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
