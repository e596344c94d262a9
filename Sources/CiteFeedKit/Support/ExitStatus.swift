/// Process exit statuses, from SPEC.md "Errors" (the BSD `sysexits.h` values).
public enum ExitStatus: Int32, Sendable {
    case ok = 0
    case failure = 1
    /// Unknown command or option, bad value, bad setting.
    case usage = 64
    /// Invalid citation, invalid import file, damaged library.
    case dataError = 65
    /// Unknown id, tag or file.
    case notFound = 66
    /// An output cannot be created.
    case cannotCreate = 73
    /// Reading or writing failed.
    case ioError = 74
    /// The library stayed locked by another process.
    case busy = 75
}

/// An error that citefeed reports to the user: one sentence (or two) and an exit status.
///
/// Every area has its own enum conforming to this protocol; the CLI prints
/// `citefeed: error: <message>` and exits with `exitStatus`.
public protocol CiteFeedError: Error, CustomStringConvertible {
    var exitStatus: ExitStatus { get }
    /// The whole message, on one line: what went wrong and, where useful, what to do.
    var message: String { get }
}

extension CiteFeedError {
    public var description: String { message }
}
