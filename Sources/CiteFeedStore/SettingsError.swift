import CiteFeedModel
import CiteFeedSupport

/// A problem with the settings: a bad value given on the command line or found in the file.
public enum SettingsError: CiteFeedError, Equatable {
    case unknownKey(String)
    case invalidValue(key: String, value: String, reason: String)
    case notJSON(path: String, reason: String)
    case badValue(path: String, key: String, value: String, reason: String)
    case noSuchRotation(String)
    case rotationExists(String)
    case duplicateKey(path: String, key: String)
    /// Over `SettingsFile.sizeLimit`.
    case tooLarge(path: String)
    /// Another citefeed kept the file's lock for 5 seconds (its process id, when known).
    case locked(path: String, holder: Int32?)
    case io(String)

    public var exitStatus: ExitStatus {
        switch self {
        case .io: return .ioError
        case .locked: return .busy
        default: return .usage
        }
    }

    public var message: String {
        switch self {
        case .unknownKey(let key):
            return "Unknown setting \(quoted(key)); \(SettingsFile.suggestion(for: key))"
        case let .invalidValue(key, value, reason):
            return "Invalid value \(quoted(value)) for \(key): \(reason)."
        case let .notJSON(path, reason):
            return "\(path) is not valid JSON (\(reason)); fix it or remove it to use the defaults."
        case let .badValue(path, key, value, reason):
            // rotations.NAME.KEY is the rotation NAME's KEY.
            let parts = key.split(separator: ".", maxSplits: 2).map(String.init)
            let delete =
                parts.count == 3
                ? "citefeed defaults delete \(parts[2]) --rotation \(parts[1])"
                : parts.count == 1 && key != SettingsFile.rotationsKey ? "citefeed defaults delete \(key)" : nil
            return "\(path): setting \(quoted(key)) has the invalid value \(value.echoed()): \(reason); fix it"
                + (delete.map { " or run '\($0)'." } ?? ".")
        case .noSuchRotation(let name):
            return "No rotation named \(quoted(name)); 'citefeed rotation list' shows them, 'citefeed rotation add \(name)' makes it."
        case .rotationExists(let name):
            return "A rotation named \(quoted(name)) already exists."
        case let .duplicateKey(path, key):
            return "\(path): the key \(quoted(key)) is written twice; keep one of them."
        case .tooLarge(let path):
            return
                "\(path) is larger than \(Posix.describe(bytes: SettingsFile.sizeLimit)), which no settings file is; fix it or remove it to use the defaults."
        case let .locked(path, holder):
            return
                "\(path) is being changed by another citefeed\(holder.map { " (process \($0))" } ?? "") that has kept it for 5 seconds; try again in a moment."
        case .io(let message):
            return message.prefix(1).uppercased() + message.dropFirst() + "."
        }
    }
}
