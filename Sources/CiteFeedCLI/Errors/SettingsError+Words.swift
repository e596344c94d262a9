import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The settings' errors in the command line's words and exit statuses.
extension SettingsError: CiteFeedError {
    package var exitStatus: ExitStatus {
        switch self {
        case .cannotLock, .cannotRead, .cannotWrite: return .ioError
        case .locked: return .busy
        default: return .usage
        }
    }

    package var message: String {
        switch self {
        case .unknownKey(let key):
            return "Unknown setting \(quoted(key)); \(SettingsError.suggestion(for: key))"
        case let .invalidValue(key, value, reason):
            return "Invalid value \(quoted(value)) for \(key): \(reason.words)."
        case let .notJSON(path, reason):
            return "\(path) is not valid JSON (\(reason)); fix it or remove it to use the defaults."
        case let .badValue(path, key, value, reason):
            // rotations.NAME.KEY is the rotation NAME's KEY.
            let parts = key.split(separator: ".", maxSplits: 2).map(String.init)
            let delete =
                parts.count == 3
                ? "citefeed defaults delete \(parts[2]) --rotation \(parts[1])"
                : parts.count == 1 && key != SettingsFile.rotationsKey ? "citefeed defaults delete \(key)" : nil
            return "\(path): setting \(quoted(key)) has the invalid value \(value.echoed()): \(reason.words); fix it"
                + (delete.map { " or run '\($0)'." } ?? ".")
        case let .librarysOnly(key, rotation) where key.hasPrefix("notes"):
            return
                "\(key) is the whole library's: one notes folder holds every citation; set it without --rotation (not for \(quoted(rotation)))."
        case let .librarysOnly(key, rotation):
            return
                "\(key) is the whole library's: every card is scheduled with it, whichever rotation shows it; set it without --rotation (not for \(quoted(rotation)))."
        case .noSuchRotation(let name):
            return "No rotation named \(quoted(name)); 'citefeed rotation list' shows them, 'citefeed rotation add \(name)' makes it."
        case .rotationExists(let name):
            return "A rotation named \(quoted(name)) already exists."
        case let .duplicateKey(path, key):
            return "\(path): the key \(quoted(key)) is written twice; keep one of them."
        case .tooLarge(let path):
            return
                "\(path) is larger than \(Posix.describe(bytes: SettingsFile.sizeLimit)), which no settings file citefeed writes is; open it in an editor and shorten the value that is too long (the rest are your settings)."
        case .wouldBeTooLarge(let path):
            return
                "\(path) would be larger than \(Posix.describe(bytes: SettingsFile.sizeLimit)) with this change, which is not made; shorten a long value first."
        case let .locked(path, holder):
            return
                "\(path) is being changed by another citefeed\(holder.map { " (process \($0))" } ?? "") that has kept it for \(Posix.describe(milliseconds: FileLock.patience)); try again in a moment."
        case .cannotLock(let failure):
            return failure.message.prefix(1).uppercased() + failure.message.dropFirst() + "."
        case let .cannotRead(path, failure):
            return "Cannot read \(path): \(failure.reason(about: path))."
        case let .cannotWrite(path, failure):
            return "Cannot write \(path): \(failure.reason(about: path))."
        }
    }
}

extension SettingsError {
    /// The setting `name` may have meant, or where the known ones are listed.
    static func suggestion(for name: String) -> String {
        if let key = Suggestion.closest(to: name, among: SettingKey.allCases.map(\.rawValue)) {
            return "did you mean \(quoted(key))?"
        }
        return "see 'citefeed defaults --help' for the known ones."
    }
}

extension UnknownSetting {
    /// The warning: `PATH: unknown setting "x" is ignored; did you mean "y"?`
    var words: String {
        "\(path): unknown setting \(quoted(key))\(rotation.map { " of rotation \(quoted($0))" } ?? "") is ignored; \(SettingsError.suggestion(for: key))"
    }
}

extension SettingValueError {
    /// Why the value is refused, to follow "Invalid value V for KEY: ".
    package var words: String {
        switch self {
        case .rule(let reason): return reason
        case .invalid(let error): return error.reason
        case let .doesNotFit(other, value, reason):
            return "it does not fit \(other.rawValue) (\(SettingKey.display(value).echoed())): \(reason.words)"
        case let .wouldMake(key, value, reason):
            return "then \(key) would be \(value), and \(reason.words)"
        }
    }
}
