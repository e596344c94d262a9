/// A failed read or write, with the system's reason.
public struct IOFailure: Error {
    public var message: String
    /// The reason alone, without the path (`Permission denied`), for messages that name the file
    /// their own way.
    public var reason: String

    public init(message: String) {
        self.message = message
        reason = message
    }

    /// `cannot read PATH: REASON`.
    init(_ path: String, reading reason: String) {
        message = "cannot read \(path): \(reason)"
        self.reason = reason
    }
}
