/// Why outputs could not be written. Data only; the front end words it.
public enum OutputError: Error, Equatable, Sendable {
    /// The outputs of a rotation.
    case cannotCreate(String, String)
    /// A file the user named (`export --out`).
    case cannotWriteFile(String, String)
}
