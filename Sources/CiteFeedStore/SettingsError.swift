import CiteFeedModel
import CiteFeedSupport

/// A problem with the settings: a bad value given on the command line or found in the file.
/// Data only; the front end words it (the CLI's `SettingsError+Words.swift`).
package enum SettingsError: Error, Equatable, Sendable {
    case unknownKey(String)
    /// A value given for `key` (on the command line), refused.
    case invalidValue(key: String, value: String, reason: SettingValueError)
    case notJSON(path: String, reason: String)
    /// A value found in the file at `path` for `key` (as the file names it:
    /// `rotations.NAME.KEY` for a rotation's own), refused.
    case badValue(path: String, key: String, value: String, reason: SettingValueError)
    case noSuchRotation(String)
    /// A setting of the whole library (FSRS's parameters) given for a named rotation.
    case librarysOnly(key: String, rotation: String)
    case rotationExists(String)
    case duplicateKey(path: String, key: String)
    /// Over `SettingsFile.sizeLimit`.
    case tooLarge(path: String)
    /// A change that would make the file larger than `SettingsFile.sizeLimit`: not made.
    case wouldBeTooLarge(path: String)
    /// Another citefeed kept the file's lock for 5 seconds (its process id, when known).
    case locked(path: String, holder: Int32?)
    /// The lock file could not be opened or taken (what failed, as data).
    case cannotLock(IOFailure)
    case cannotRead(path: String, IOFailure)
    case cannotWrite(path: String, IOFailure)
}
