import CiteFeedModel
import CiteFeedSupport

/// Reads and writes `settings.json`: only the keys the user changed, pretty-printed with
/// sorted keys so the file fits a dotfiles repository.
package struct SettingsFile: Sendable {
    package let path: String
    /// More than this is not a settings file someone wrote (1 MiB).
    package static let sizeLimit = 1 << 20

    package init(path: String) { self.path = path }

    /// The member that holds the named rotations: `{"NAME": {changed keys}, …}`.
    package static let rotationsKey = "rotations"

    /// Loads and validates the file; a missing file means all defaults. Unknown keys are
    /// returned as warnings, never silently dropped. For a named rotation, its own keys over
    /// the default rotation's (`rotation` must be one of `rotationNames`).
    package func load(rotation: String = "") throws(SettingsError) -> (settings: Settings, warnings: [UnknownSetting]) {
        let (members, warnings) = try readMembers()
        return (try settings(from: members, rotation: rotation), warnings)
    }

    /// The settings as they would be with `key` set to `value` (`nil`: deleted), without saving.
    /// A value that does not fit another key's (an offset not shorter than the interval) is
    /// refused as the value given.
    package func settings(applying key: SettingKey, _ value: JSONValue?, rotation: String = "") throws(SettingsError) -> Settings {
        var (members, _) = try readMembers()
        SettingsFile.change(&members, rotation: rotation) { keys in
            keys.removeAll { $0.0 == key.rawValue }
            if let value { keys.append((key.rawValue, value)) }
        }
        let settings = try self.settings(from: members, rotation: rotation, checkConflicts: false)
        let given = value.map(SettingKey.display) ?? "(default)"
        if let (other, reason) = settings.conflict() {
            let why = SettingValueError.rule(reason)
            throw .invalidValue(
                key: key.rawValue, value: given,
                reason: other == key ? why : .doesNotFit(other, value: settings.value(of: other) ?? .null, why))
        }
        // And every other rotation's, which may take the value over.
        do { _ = try self.settings(from: members, rotation: rotation) } catch {
            if case let .badValue(_, other, value, reason) = error {
                throw .invalidValue(key: key.rawValue, value: given, reason: .wouldMake(key: other, value: value, reason))
            }
            throw error
        }
        return settings
    }

    /// Whether `rotation` itself sets `key` (for a named rotation, not the default rotation's).
    package func isSet(_ key: SettingKey, rotation: String = "") throws(SettingsError) -> Bool {
        let (members, _) = try readMembers()
        if rotation.isEmpty { return members.contains { $0.0 == key.rawValue } }
        guard let entry = try SettingsFile.rotations(in: members, path: path).first(where: { $0.name == rotation }) else {
            throw .noSuchRotation(rotation)
        }
        return entry.keys.contains { $0.0 == key.rawValue }
    }

    /// The default rotation's settings, then every named rotation's by name, from one reading
    /// of the file (warnings are `load`'s to give).
    package func loadAll() throws(SettingsError) -> [Settings] {
        let (members, _) = try readMembers()
        let v = try validate(members)
        var all = [try build(v, rotation: "")]
        for name in v.own.map(\.name).sorted() { all.append(try build(v, rotation: name)) }
        try conflictCheck(v, first: all[0])
        return all
    }

    /// The named rotations, sorted (the default rotation, "", is not among them).
    package func rotationNames() throws(SettingsError) -> [String] {
        let (members, _) = try readMembers()
        return try SettingsFile.rotations(in: members, path: path).map(\.name).sorted()
    }

    /// The keys each rotation sets itself, as written ("": the default rotation's, the top level).
    package func storedValues() throws(SettingsError) -> [String: [String: JSONValue]] {
        let (members, _) = try readMembers()
        var result = ["": Dictionary(members.filter { $0.0 != SettingsFile.rotationsKey }, uniquingKeysWith: { $1 })]
        for rotation in try SettingsFile.rotations(in: members, path: path) {
            result[rotation.name] = Dictionary(rotation.keys, uniquingKeysWith: { $1 })
        }
        return result
    }

    /// Adds the rotation `name` (already validated), with no settings of its own.
    package func addRotation(_ name: String) throws(SettingsError) {
        var (members, _) = try readMembers()
        guard try !SettingsFile.rotations(in: members, path: path).contains(where: { $0.name == name }) else {
            throw .rotationExists(name)
        }
        SettingsFile.change(&members, rotation: name) { _ in }
        try save(members)
    }

    /// Removes the rotation `name` and its settings.
    package func removeRotation(_ name: String) throws(SettingsError) {
        var (members, _) = try readMembers()
        var rotations = try SettingsFile.rotations(in: members, path: path)
        guard rotations.contains(where: { $0.name == name }) else { throw .noSuchRotation(name) }
        rotations.removeAll { $0.name == name }
        SettingsFile.setRotations(&members, rotations)
        try save(members)
    }

    /// Renames the rotation `old` to `new` (already validated), keeping its settings.
    package func renameRotation(_ old: String, to new: String) throws(SettingsError) {
        var (members, _) = try readMembers()
        var rotations = try SettingsFile.rotations(in: members, path: path)
        guard let index = rotations.firstIndex(where: { $0.name == old }) else { throw .noSuchRotation(old) }
        guard !rotations.contains(where: { $0.name == new }) else { throw .rotationExists(new) }
        rotations[index].name = new
        // The e-readers' sleep screens follow the rotation under its new name.
        let follows = SettingKey.sleepScreenRotation.rawValue
        func renamed(_ keys: [(String, JSONValue)]) -> [(String, JSONValue)] {
            keys.map { $0.0 == follows && $0.1 == .string(old) ? ($0.0, .string(new)) : $0 }
        }
        members = renamed(members)
        for i in rotations.indices { rotations[i].keys = renamed(rotations[i].keys) }
        SettingsFile.setRotations(&members, rotations)
        try save(members)
    }

    /// The named rotations of the file's members, each with its keys.
    static func rotations(in members: [(String, JSONValue)], path: String) throws(SettingsError) -> [(
        name: String, keys: [(String, JSONValue)]
    )] {
        guard let value = members.first(where: { $0.0 == rotationsKey })?.1 else { return [] }
        guard case .object(let entries) = value else {
            throw .badValue(path: path, key: rotationsKey, value: show(value), reason: .rule("expected an object of rotations by name"))
        }
        var result: [(name: String, keys: [(String, JSONValue)])] = []
        for (name, keys) in entries {
            do { try RotationName.validate(name) } catch {
                throw .badValue(path: path, key: rotationsKey, value: show(.string(name)), reason: error)
            }
            guard case .object(let members) = keys else {
                throw .badValue(
                    path: path, key: "\(rotationsKey).\(name)", value: show(keys), reason: .rule("expected an object of settings"))
            }
            result.append((name, members))
        }
        return result
    }

    private static func setRotations(_ members: inout [(String, JSONValue)], _ rotations: [(name: String, keys: [(String, JSONValue)])]) {
        members.removeAll { $0.0 == rotationsKey }
        if !rotations.isEmpty {
            members.append(
                (rotationsKey, .object(rotations.sorted { $0.name < $1.name }.map { ($0.name, .object($0.keys.sorted { $0.0 < $1.0 })) })))
        }
    }

    /// Applies `edit` to the keys of `rotation` ("" : the file's top level), making the
    /// rotation's entry if needed.
    private static func change(_ members: inout [(String, JSONValue)], rotation: String, _ edit: (inout [(String, JSONValue)]) -> Void) {
        guard !rotation.isEmpty else { return edit(&members) }
        var rotations = (try? SettingsFile.rotations(in: members, path: "")) ?? []
        if let index = rotations.firstIndex(where: { $0.name == rotation }) {
            edit(&rotations[index].keys)
        } else {
            var keys: [(String, JSONValue)] = []
            edit(&keys)
            rotations.append((rotation, keys))
        }
        setRotations(&members, rotations)
    }

    /// Every known key of the file's members, read and checked once: the top level's and each
    /// named rotation's (so a bad value is found whichever rotation runs).
    private struct Validated {
        var top: [SettingValue]
        /// Each named rotation's own keys, in the file's order.
        var own: [(name: String, keys: [SettingValue])]
    }

    private func validate(_ members: [(String, JSONValue)]) throws(SettingsError) -> Validated {
        func validated(_ members: [(String, JSONValue)], prefix: String) throws(SettingsError) -> [SettingValue] {
            var values: [SettingValue] = []
            for (name, value) in members {
                guard let key = SettingKey(rawValue: name) else { continue }
                do {
                    values.append(try key.setting.read(value))
                } catch {
                    throw .badValue(path: path, key: prefix + name, value: SettingsFile.show(value), reason: error)
                }
            }
            return values
        }
        let top = try validated(members, prefix: "")
        var own: [(name: String, keys: [SettingValue])] = []
        for entry in try SettingsFile.rotations(in: members, path: path) {
            own.append((entry.name, try validated(entry.keys, prefix: "\(SettingsFile.rotationsKey).\(entry.name).")))
        }
        return Validated(top: top, own: own)
    }

    /// The settings of `rotation` from checked values: for a named rotation, its values over
    /// the default rotation's.
    private func build(_ v: Validated, rotation: String) throws(SettingsError) -> Settings {
        var settings = Settings(values: v.top)
        settings.rotation = rotation
        guard !rotation.isEmpty else { return settings }
        guard let own = v.own.first(where: { $0.name == rotation })?.keys else { throw .noSuchRotation(rotation) }
        let sets = Set(own.map(\.key))
        // Its outputs go in a directory of its own: NAME/ inside the default rotation's, unless
        // it sets outputDirectory itself (Paths does the same when neither does).
        if !sets.contains(.outputDirectory), let parent = settings.outputDirectory {
            settings.outputDirectory = (parent.hasSuffix("/") ? parent : parent + "/") + rotation
        }
        // Its feeds' public address is NAME/ under the default rotation's, for the same reason;
        // a rotation that writes elsewhere has none (nor a hub) until it sets its own.
        if !sets.contains(.feedURL), !settings.feedURL.isEmpty {
            let ownsDirectory = sets.contains(.outputDirectory)
            let base = settings.feedURL
            settings.feedURL = ownsDirectory ? "" : (base.hasSuffix("/") ? base : base + "/") + rotation + "/"
            if ownsDirectory && !sets.contains(.feedHub) { settings.reset(.feedHub) }
        }
        // The desktop has one wallpaper: the default rotation's command is its own, else each
        // named rotation would give the desktop its picture in turn.
        if !sets.contains(.wallpaperCommand) { settings.reset(.wallpaperCommand) }
        if !sets.contains(.digestTo) { settings.reset(.digestTo) }  // a named rotation's digest goes where it says
        settings.apply(own)
        return settings
    }

    /// The settings of `rotation` from the file's members. `checkConflicts`: also every other
    /// rotation's values that cannot work together, so a conflict is found whichever runs.
    private func settings(from members: [(String, JSONValue)], rotation: String = "", checkConflicts: Bool = true) throws(SettingsError)
        -> Settings
    {
        let v = try validate(members)
        let settings = try build(v, rotation: rotation)
        if checkConflicts { try conflictCheck(v, first: settings) }
        return settings
    }

    /// Throws the first conflict of `first`, then of every other named rotation's settings.
    private func conflictCheck(_ v: Validated, first: Settings) throws(SettingsError) {
        try conflictCheck(first, own: v.own.first { $0.name == first.rotation }?.keys ?? [])
        for rotation in v.own.map(\.name) where rotation != first.rotation {
            try conflictCheck(try build(v, rotation: rotation), own: v.own.first { $0.name == rotation }?.keys ?? [])
        }
    }

    /// Throws the first conflict of `settings`, naming the key where it is written (`own`:
    /// the keys the rotation sets itself).
    private func conflictCheck(_ settings: Settings, own: [SettingValue]) throws(SettingsError) {
        guard let (key, reason) = settings.conflict() else { return }
        let named = !settings.rotation.isEmpty && own.contains { $0.key == key }
        throw .badValue(
            path: path, key: (named ? "\(SettingsFile.rotationsKey).\(settings.rotation)." : "") + key.rawValue,
            value: SettingsFile.show(settings.value(of: key) ?? .null), reason: .rule(reason))
    }

    /// Sets `key` (an already validated value) for `rotation` and saves atomically.
    package func write(_ key: SettingKey, _ value: JSONValue, rotation: String = "") throws(SettingsError) {
        var (members, _) = try readMembers()
        SettingsFile.change(&members, rotation: rotation) { keys in
            keys.removeAll { $0.0 == key.rawValue }
            keys.append((key.rawValue, value))
        }
        try save(members)
    }

    /// Runs `change`, which reads and saves this file, holding the file's lock
    /// (`settings.json.lock`): every change of the file reads, changes and writes it whole, and
    /// two at once lost one (four `rotation add` at once kept two). When `change` fails, the file
    /// is put back as it was (`restoring`). Take it before the library's write lock, never after.
    @discardableResult
    package func editing<T>(_ change: () throws -> T) throws -> T {
        do { try Posix.makeDirectories(Posix.parentDirectory(path)) } catch {
            throw SettingsError.cannotWrite(path: path, error)
        }
        let lock = FileLock.shared(path + ".lock")
        do { try lock.acquire() } catch {
            switch error {
            case .stuck(let holder): throw SettingsError.locked(path: path, holder: holder)
            case .io(let failure): throw SettingsError.cannotLock(failure)
            }
        }
        defer { lock.release() }
        return try restoring(change)
    }

    /// Runs `change`, which saves this file among other things; when `change` fails (the
    /// outputs could not be written), the file is put back as it was, or removed again, so a
    /// failed command leaves the settings as they were.
    @discardableResult
    package func restoring<T>(_ change: () throws -> T) throws -> T {
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

    /// Removes `key` from `rotation` so that the default applies again (for a named rotation,
    /// the default rotation's value); `false` when it was not set.
    @discardableResult
    package func delete(_ key: SettingKey, rotation: String = "") throws(SettingsError) -> Bool {
        var (members, _) = try readMembers()
        var removed = false
        SettingsFile.change(&members, rotation: rotation) { keys in
            let before = keys.count
            keys.removeAll { $0.0 == key.rawValue }
            removed = keys.count != before
        }
        guard removed else { return false }
        try save(members)
        return true
    }

    private func readMembers() throws(SettingsError) -> ([(String, JSONValue)], [UnknownSetting]) {
        let bytes: [UInt8]?
        var st = stat()
        if stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, Int(st.st_size) > SettingsFile.sizeLimit { throw .tooLarge(path: path) }
        do { bytes = try Posix.readFile(path, limit: SettingsFile.sizeLimit) } catch { throw .cannotRead(path: path, error) }
        return try members(of: bytes)
    }

    /// Validates `bytes` as this file's content (`nil`: there is no file), as `load` does.
    func load(bytes: [UInt8]?) throws(SettingsError) -> (settings: Settings, warnings: [UnknownSetting]) {
        let (members, warnings) = try members(of: bytes)
        return (try settings(from: members), warnings)
    }

    private func members(of bytes: [UInt8]?) throws(SettingsError) -> ([(String, JSONValue)], [UnknownSetting]) {
        guard let bytes else { return ([], []) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) { return ([], []) }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes, finite: true) } catch {
            throw .notJSON(path: path, reason: error.message)
        }
        guard case .object(let members) = value else {
            throw .notJSON(path: path, reason: "expected an object of settings, found \(value.kindName)")
        }
        // A key written twice: which one is meant? (JSON leaves it open; the last won here, and
        // a rotation written twice ran twice.)
        if let key = SettingsFile.duplicateKey(in: value) { throw .duplicateKey(path: path, key: key) }
        var warnings = members.compactMap { name, _ in
            SettingKey(rawValue: name) == nil && name != SettingsFile.rotationsKey
                ? UnknownSetting(path: path, key: name, rotation: nil) : nil
        }
        for entry in (try? SettingsFile.rotations(in: members, path: path)) ?? [] {
            for (name, _) in entry.keys where SettingKey(rawValue: name) == nil {
                warnings.append(UnknownSetting(path: path, key: name, rotation: entry.name))
            }
        }
        return (members, warnings)
    }

    /// The first key that an object of `value` (or of one inside it) has twice, as a dotted
    /// path (`rotations.work.tags`), or `nil`.
    static func duplicateKey(in value: JSONValue, prefix: String = "") -> String? {
        switch value {
        case .object(let members):
            var seen = Set<String>()
            for (key, _) in members where !seen.insert(key).inserted { return prefix + key }
            for (key, member) in members {
                if let duplicate = duplicateKey(in: member, prefix: prefix + key + ".") { return duplicate }
            }
        case .array(let items):
            for item in items {
                if let duplicate = duplicateKey(in: item, prefix: prefix) { return duplicate }
            }
        default: break
        }
        return nil
    }

    private func save(_ members: [(String, JSONValue)]) throws(SettingsError) {
        let sorted = members.sorted { $0.0 < $1.0 }
        let text = JSONWriter.pretty(.object(sorted))
        // Never a file this could not read back: the change is refused, the file as it was.
        guard text.utf8.count <= SettingsFile.sizeLimit else { throw .wouldBeTooLarge(path: path) }
        do {
            try Posix.makeDirectories(Posix.parentDirectory(path))
            try AtomicWriter.write(Array(text.utf8), to: path, mode: 0o644)
        } catch {
            throw .cannotWrite(path: path, error)
        }
    }

    /// A value as the file has it, for a message: one line, cut at 120 characters.
    static func show(_ value: JSONValue) -> String { JSONWriter.compact(value).echoed() }
}
