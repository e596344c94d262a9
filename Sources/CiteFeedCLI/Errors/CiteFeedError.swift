import CiteFeedSupport

/// An error that citefeed reports to the user: one sentence (or two) and an exit status.
///
/// The errors of the layers below are data; the CLI conforms each to this protocol (`Errors/`)
/// and prints `citefeed: error: <message>`, exiting with `exitStatus`. This is the only place
/// exit statuses exist.
package protocol CiteFeedError: Error {
    var exitStatus: ExitStatus { get }
    /// The whole message, on one line: what went wrong and, where useful, what to do.
    var message: String { get }
}
