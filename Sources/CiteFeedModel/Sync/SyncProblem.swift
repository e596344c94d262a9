import CiteFeedSupport

/// Why another machine's changes stopped being read, kept with its sync state until the next
/// sync reads it again: as data, stored as compact JSON, and worded by the front end.
package enum SyncProblem: Equatable, Sendable {
    /// Its files could not be read: what failed and why.
    case unreadable(IOFailure)
    /// Its log is of a newer format than this citefeed reads.
    case newerFormat(Int64)
    /// A line is clocked more than a day ahead of this machine's clock: the file, the line and
    /// its time (RFC 3339).
    case clockAhead(file: String, line: Int, time: String)
    /// A sentence stored by a citefeed from before problems were data.
    case legacy(String)

    /// The stored form: compact JSON with a `kind`.
    package var stored: String {
        let json: JSONValue
        switch self {
        case .unreadable(let failure): json = .object([("kind", .string("unreadable")), ("failure", failure.json)])
        case .newerFormat(let version): json = .object([("kind", .string("newerFormat")), ("version", .int(version))])
        case let .clockAhead(file, line, time):
            json = .object([("kind", .string("clockAhead")), ("file", .string(file)), ("line", .int(Int64(line))), ("time", .string(time))])
        case .legacy(let text): return text
        }
        return JSONWriter.compact(json)
    }

    /// The problem `stored` wrote; anything else is a sentence an older citefeed stored.
    package init(stored: String) {
        guard stored.hasPrefix("{"), let json = try? JSONParser.parse(Array(stored.utf8)), let kind = json["kind"]?.stringValue else {
            self = .legacy(stored)
            return
        }
        switch kind {
        case "unreadable":
            if let stored = json["failure"], let failure = IOFailure(json: stored) {
                self = .unreadable(failure)
            } else {
                // A citefeed from before failures were data kept the sentence; a failure this
                // one cannot read (a newer citefeed's) is shown as it was stored.
                self = .legacy(json["reason"]?.stringValue ?? stored)
            }
        case "newerFormat":
            guard case .int(let version)? = json["version"] else { self = .legacy(stored); return }
            self = .newerFormat(version)
        case "clockAhead":
            guard let file = json["file"]?.stringValue, case .int(let line)? = json["line"], let time = json["time"]?.stringValue else {
                self = .legacy(stored)
                return
            }
            self = .clockAhead(file: file, line: Int(line), time: time)
        default: self = .legacy(stored)
        }
    }
}
