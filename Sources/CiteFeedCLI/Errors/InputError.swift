/// Input that is not text.
package enum InputError: CiteFeedError, Equatable {
    case invalidUTF8(String)
    case unreadable(String, String)

    package var exitStatus: ExitStatus {
        if case .unreadable = self { return .ioError }
        return .dataError
    }

    package var message: String {
        switch self {
        case .invalidUTF8(let what):
            return what.prefix(1).uppercased() + what.dropFirst() + " is not valid UTF-8 text; convert it first (for example with iconv)."
        case let .unreadable(what, reason): return "Cannot read \(what): \(reason)."
        }
    }
}
