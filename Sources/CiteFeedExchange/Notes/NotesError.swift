import CiteFeedModel
import CiteFeedSupport

/// Why a notes folder could not be written. Worded by the CLI.
package enum NotesError: Error, Equatable {
    /// The path is there but is not a directory (a file, a device).
    case notAFolder(String)
    /// Neither the folder nor the directory it would be made in is there.
    case noParent(String)
    /// The folder cannot be written in.
    case notWritable(String)
    /// A folder citefeed must not write notes in: the folder, and what it is (the sync folder,
    /// an output directory, the library's directory, and the path of that).
    case unsafeFolder(String, Unsafe)
    /// The folder holds another format's notes (its manifest says which).
    case otherFormat(String, NotesFormat)
    /// A file could not be read or written.
    case file(IOFailure)

    package enum Unsafe: Equatable, Sendable {
        case syncFolder(String)
        case outputDirectory(String)
        case libraryDirectory(String)
    }
}
