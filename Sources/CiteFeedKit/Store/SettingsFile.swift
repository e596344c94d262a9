/// Reads and writes `settings.json`: only the keys the user changed, pretty-printed with
/// sorted keys so the file fits a dotfiles repository.
public struct SettingsFile: Sendable {
    public let path: String
    /// More than this is not a settings file someone wrote (1 MiB).
    static let sizeLimit = 1 << 20

    public init(path: String) { self.path = path }

    /// Loads and validates the file; a missing file means all defaults. Unknown keys are
    /// returned as warnings, never silently dropped.
    public func load() throws(SettingsError) -> (settings: Settings, warnings: [String]) {
        let (members, warnings) = try readMembers()
        return (try settings(from: members), warnings)
    }

    /// The settings as they would be with `key` set to `value` (`nil`: deleted), without saving.
    public func settings(applying key: SettingKey, _ value: JSONValue?) throws(SettingsError) -> Settings {
        var (members, _) = try readMembers()
        members.removeAll { $0.0 == key.rawValue }
        if let value { members.append((key.rawValue, value)) }
        return try settings(from: members)
    }

    /// Validates every known key of the file's members.
    private func settings(from members: [(String, JSONValue)]) throws(SettingsError) -> Settings {
        var stored: [(SettingKey, JSONValue)] = []
        for (name, value) in members {
            guard let key = SettingKey(rawValue: name) else { continue }
            do {
                stored.append((key, try key.validate(value)))
            } catch {
                throw .badValue(path: path, key: name, value: SettingsFile.show(value), reason: error.reason)
            }
        }
        return Settings(stored: stored)
    }

    /// Sets `key` (an already validated value) and saves atomically.
    public func write(_ key: SettingKey, _ value: JSONValue) throws(SettingsError) {
        var (members, _) = try readMembers()
        members.removeAll { $0.0 == key.rawValue }
        members.append((key.rawValue, value))
        try save(members)
    }

    /// Runs `change`, which saves this file among other things; when `change` fails (the
    /// outputs could not be written), the file is put back as it was, or removed again, so a
    /// failed command leaves the settings as they were.
    @discardableResult
    public func restoring<T>(_ change: () throws -> T) throws -> T {
        let before = Result { () throws(IOFailure) in try Posix.readFile(path, limit: SettingsFile.sizeLimit) }
        do {
            return try change()
        } catch {
            // Only when it changed: a failure before the save leaves the file (and its mtime,
            // mode or link) alone.
            let now = Result { () throws(IOFailure) in try Posix.readFile(path, limit: SettingsFile.sizeLimit) }
            switch (before, now) {
            case (.success(let old), .success(let new)) where old == new: break
            case (.success(let bytes?), _): try? AtomicWriter.write(bytes, to: path, mode: 0o644)
            case (.success(nil), _): unlink(path)
            case (.failure, _): break
            }
            throw error
        }
    }

    /// Removes `key` so that its default applies again; `false` when it was not set.
    @discardableResult
    public func delete(_ key: SettingKey) throws(SettingsError) -> Bool {
        var (members, _) = try readMembers()
        let before = members.count
        members.removeAll { $0.0 == key.rawValue }
        guard members.count != before else { return false }
        try save(members)
        return true
    }

    private func readMembers() throws(SettingsError) -> ([(String, JSONValue)], [String]) {
        let bytes: [UInt8]?
        do { bytes = try Posix.readFile(path, limit: SettingsFile.sizeLimit) } catch { throw .io(error.message) }
        return try members(of: bytes)
    }

    /// Validates `bytes` as this file's content (`nil`: there is no file), as `load` does.
    func load(bytes: [UInt8]?) throws(SettingsError) -> (settings: Settings, warnings: [String]) {
        let (members, warnings) = try members(of: bytes)
        return (try settings(from: members), warnings)
    }

    private func members(of bytes: [UInt8]?) throws(SettingsError) -> ([(String, JSONValue)], [String]) {
        guard let bytes else { return ([], []) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) { return ([], []) }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch {
            throw .notJSON(path: path, reason: error.message)
        }
        guard case .object(let members) = value else {
            throw .notJSON(path: path, reason: "expected an object of settings, found \(value.kindName)")
        }
        let warnings = members.compactMap { name, _ in
            SettingKey(rawValue: name) == nil
                ? "\(path): unknown setting \(quoted(name)) is ignored; \(SettingsFile.suggestion(for: name))" : nil
        }
        return (members, warnings)
    }

    static func suggestion(for name: String) -> String {
        if let key = Suggestion.closest(to: name, among: SettingKey.allCases.map(\.rawValue)) {
            return "did you mean \(quoted(key))?"
        }
        return "see 'citefeed defaults --help' for the known ones."
    }

    private func save(_ members: [(String, JSONValue)]) throws(SettingsError) {
        let sorted = members.sorted { $0.0 < $1.0 }
        let text = JSONWriter.pretty(.object(sorted))
        do {
            try Posix.makeDirectories(Posix.parentDirectory(path))
            try AtomicWriter.write(Array(text.utf8), to: path, mode: 0o644)
        } catch {
            throw .io("cannot write \(path): \(error.message)")
        }
    }

    static func show(_ value: JSONValue) -> String { JSONWriter.compact(value) }
}

/// A problem with the settings: a bad value given on the command line or found in the file.
public enum SettingsError: CiteFeedError, Equatable {
    case unknownKey(String)
    case invalidValue(key: String, value: String, reason: String)
    case notJSON(path: String, reason: String)
    case badValue(path: String, key: String, value: String, reason: String)
    case io(String)

    public var exitStatus: ExitStatus {
        if case .io = self { return .ioError }
        return .usage
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
            return
                "\(path): setting \(quoted(key)) has the invalid value \(value): \(reason); fix it or run 'citefeed defaults delete \(key)'."
        case .io(let message):
            return message.prefix(1).uppercased() + message.dropFirst() + "."
        }
    }
}
