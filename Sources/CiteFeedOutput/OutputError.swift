import CiteFeedSupport

/// Why outputs could not be written. Data only; the front end words it.
package enum OutputError: Error, Equatable, Sendable {
    /// The outputs of a rotation.
    case cannotCreate(String, IOFailure)
    /// A file the user named (`export --out`).
    case cannotWriteFile(String, IOFailure)
}
