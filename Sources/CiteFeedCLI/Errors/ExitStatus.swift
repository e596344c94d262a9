import CiteFeedSupport

/// Process exit statuses, as the README's "Errors and exit status" lists them (the BSD `sysexits.h` values).
package enum ExitStatus: Int32, Sendable, CaseIterable {
    case ok = 0
    case failure = 1
    /// Unknown command or option, bad value, bad setting.
    case usage = 64
    /// Invalid citation, invalid import file, damaged library.
    case dataError = 65
    /// Unknown id, tag or file.
    case notFound = 66
    /// A library citefeed needs for this command is not installed (Pango and Cairo for pictures).
    case unavailable = 69
    /// An output cannot be created.
    case cannotCreate = 73
    /// Reading or writing failed.
    case ioError = 74
    /// The library stayed locked by another process.
    case busy = 75
}

extension ExitStatus {
    /// What the status means, for the manual page.
    package var summary: String {
        switch self {
        case .ok: return "success (also when there was nothing to show, or a notification or publish command failed: those are warnings)"
        case .failure: return "any other failure"
        case .usage: return "an unknown command or option, a bad value, a bad setting or settings.json"
        case .dataError: return "an invalid citation or import file, or a damaged library"
        case .notFound: return "an unknown id, tag, rotation or file"
        case .unavailable: return "a library the command needs is not installed (Pango and Cairo, for pictures)"
        case .cannotCreate: return "an output cannot be created"
        case .ioError: return "reading or writing failed"
        case .busy: return "the library stayed locked by another process"
        }
    }
}
