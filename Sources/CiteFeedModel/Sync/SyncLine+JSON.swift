import CiteFeedSupport

/// The JSON form of a change line: `{"v":1,"s":SEQ,"c":"MS-N","k":KIND,…}`, the machine being
/// the log's. Reading checks what `import` checks of a citation (its text and fields as `add`
/// takes them, tag names, colours), so a line from the folder can never put into the library
/// what a command would refuse.
extension SyncLine {
    /// The format this build writes and reads; a line of a newer one is refused for its machine.
    package static let format: Int64 = 1

    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("v", .int(SyncLine.format)), ("s", .int(seq)), ("c", .string("\(clock.milliseconds)-\(clock.counter)")),
        ]
        switch change {
        case .citation(let uuid, let fields):
            members += [("k", .string("c")), ("u", .string(uuid)), ("f", fields.json)]
        case .deleted(let uuid):
            members += [("k", .string("d")), ("u", .string(uuid))]
        case .tag(let key, let name, let color, let live):
            members += [("k", .string("t")), ("key", .string(key))]
            if let name { members.append(("name", .string(name))) }
            if let color { members.append(("color", .string(color))) }
            if let live { members.append(("live", .bool(live))) }
        case .answer(let uuid, let id, let at, let grade):
            members += [
                ("k", .string("a")), ("u", .string(uuid)), ("id", .string(id)), ("at", .int(at.seconds)), ("g", .int(Int64(grade))),
            ]
        case .undo(let id):
            members += [("k", .string("x")), ("id", .string(id))]
        case .pick(let p):
            members += [
                ("k", .string("p")), ("r", .string(p.rotation)), ("from", .int(p.slot.start.seconds)), ("to", .int(p.slot.end.seconds)),
                ("u", .string(p.uuid)), ("why", .string(p.reason.rawValue)), ("at", .int(p.pickedAt.seconds)), ("cycle", .int(p.cycle)),
                ("shown", p.snapshot),
            ]
        case .setting(let key, let rotation, let value):
            members += [("k", .string("s")), ("key", .string(key)), ("r", .string(rotation)), ("value", value ?? .null)]
        case .horizon(let wall, let seen):
            members += [
                ("k", .string("h")), ("wall", .int(wall.seconds)),
                ("seen", .object(seen.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ]
        }
        return .object(members)
    }

    /// The line as written: compact JSON and a line feed.
    package var text: String { JSONWriter.compact(json) + "\n" }

    /// Reads one line of `machine`'s log.
    package init(json: JSONValue, machine: String) throws(SyncLineError) {
        guard case .object = json else { throw .invalid("not a JSON object") }
        guard case .int(let version)? = json["v"] else { throw .invalid("no format version (\"v\")") }
        if version > SyncLine.format { throw .newerFormat(version) }
        guard version >= 1 else { throw .invalid("format version \(version) is not one citefeed wrote") }
        guard case .int(let seq)? = json["s"], seq > 0 else { throw .invalid("no change number (\"s\")") }
        guard let text = json["c"]?.stringValue, let clock = SyncClock(text + "-" + machine) else {
            throw .invalid("no clock (\"c\": milliseconds-counter)")
        }
        let change = try SyncChange(json: json)
        // A horizon is written at its clock's time: one whose wall is later than its clock was
        // not written by citefeed (and would move answers to wherever it says).
        if case .horizon(let wall, _) = change, wall > clock.time {
            throw .invalid("the horizon's time is after its clock's")
        }
        self.init(seq: seq, clock: clock, change: change)
    }
}

/// Why a line of a log cannot be applied: a clause for the CLI's warning.
package enum SyncLineError: Error, Equatable, Sendable {
    case invalid(String)
    /// A field that `add` would refuse, and why (the command line words it).
    case refused(ModelError)
    /// Written by a newer citefeed: its machine's log is not read until this one is updated.
    case newerFormat(Int64)
}

extension SyncChange {
    /// A line's JSON object as its change, every field checked as `add` and `defaults write`
    /// check theirs: nothing of a peer's line reaches the library unchecked.
    init(json: JSONValue) throws(SyncLineError) {
        let line = LineFields(json: json)
        switch json["k"]?.stringValue {
        case "c":
            guard let f = json["f"] else { throw .invalid("no fields (\"f\")") }
            self = .citation(uuid: try line.uuid(), fields: try CitationFields(json: f))
        case "d": self = .deleted(uuid: try line.uuid())
        case "t": self = try Self.tag(line)
        case "a":
            let grade = try line.integer("g")
            guard (1...4).contains(grade) else { throw .invalid("the grade is not 1 to 4") }
            let id = try line.answerID()
            self = .answer(uuid: try line.uuid(), id: id, at: try line.time("at"), grade: Int(grade))
        case "x": self = .undo(id: try line.answerID())
        case "p": self = try Self.pick(line)
        case "s": self = try Self.setting(line)
        case "h": self = try Self.horizon(line)
        default: throw .invalid("\"k\" is not a kind of change citefeed knows")
        }
    }

    /// A tag's line: its key, and the name, colour and life it sets.
    private static func tag(_ line: LineFields) throws(SyncLineError) -> SyncChange {
        let key = try line.string("key")
        var name: String?
        if let raw = line.json["name"] {
            guard let s = raw.stringValue, let checked = try? Tag.validateName(s), Tag.key(checked) == key else {
                throw .invalid("the tag's name does not match its key \"\(key.echoed(limit: 60))\"")
            }
            name = checked
        }
        var color: String?
        if let raw = line.json["color"] {
            guard let s = raw.stringValue, let checked = try? Palette.normalize(s) else {
                throw .invalid("the tag colour is not a colour")
            }
            color = checked
        }
        var live: Bool?
        if let raw = line.json["live"] {
            guard case .bool(let b) = raw else { throw .invalid("\"live\" is not true or false") }
            live = b
        }
        guard (try? Tag.validateName(key)).map(Tag.key) == key else { throw .invalid("\"\(key.echoed(limit: 60))\" is not a tag") }
        return .tag(key: key, name: name, color: color, live: live)
    }

    /// A pick's line: the rotation, the slot, the citation and what was shown of it.
    private static func pick(_ line: LineFields) throws(SyncLineError) -> SyncChange {
        let rotation = try line.string("r")
        guard rotation.isEmpty || (try? RotationName.validate(rotation)) != nil else {
            throw .invalid("\"\(rotation.echoed(limit: 60))\" is not a rotation's name")
        }
        guard let reason = Pick.Reason(rawValue: try line.string("why")) else { throw .invalid("\"why\" is not rotate, next or repick") }
        let from = try line.time("from").seconds, to = try line.time("to").seconds
        guard from < to else { throw .invalid("the slot ends before it starts") }
        let uuid = try line.uuid()
        // What was shown, checked as `add` checks a citation and written again from the
        // checked values: nothing of the line but those reaches a feed, the page or a bar.
        guard let shown = line.json["shown"], let snapshot = PickSnapshot(json: shown), snapshot.uuid == uuid else {
            throw .invalid("\"shown\" is not the citation picked")
        }
        let checked: PickSnapshot
        do { checked = try snapshot.checked() } catch { throw .refused(error) }
        // A cycle is a count of rounds through the library: a peer's far beyond any (the
        // next cycle is one more) is not one.
        let cycle = try line.integer("cycle")
        guard (0...(1 << 40)).contains(cycle) else { throw .invalid("\"cycle\" is not a count of rounds") }
        return .pick(
            SyncPick(
                rotation: rotation, slot: Slot(start: Timestamp(seconds: from), end: Timestamp(seconds: to)), uuid: uuid,
                reason: reason, pickedAt: try line.time("at"), cycle: cycle, snapshot: checked.json))
    }

    /// A setting's line: a synced setting's value, as `defaults write` takes it.
    private static func setting(_ line: LineFields) throws(SyncLineError) -> SyncChange {
        let key = try line.string("key")
        let rotation = try line.string("r")
        guard rotation.isEmpty || (try? RotationName.validate(rotation)) != nil else {
            throw .invalid("\"\(rotation.echoed(limit: 60))\" is not a rotation's name")
        }
        guard let value = line.json["value"] else { throw .invalid("no \"value\"") }
        if key == SyncChange.librarySeed {
            guard case .int(let seed) = value, seed >= 0 else { throw .invalid("the library's seed is not a whole number") }
        } else {
            // Only what sync carries, and a value `defaults write` would take.
            guard let setting = SettingKey(rawValue: key), SettingKey.synced.contains(setting), rotation.isEmpty || !setting.isStudy
            else {
                throw .invalid("\"\(key.echoed(limit: 60))\" is not a setting sync carries")
            }
            if value != .null {
                do { _ = try setting.setting.read(value) } catch {
                    if case .rule(let rule) = error { throw .invalid("the value of \(key) is not one it takes: \(rule)") }
                    throw .invalid("the value of \(key) is not one it takes")
                }
            }
        }
        return .setting(key: key, rotation: rotation, value: value == .null ? nil : value)
    }

    /// A horizon line: how far this machine had read each other machine's log.
    private static func horizon(_ line: LineFields) throws(SyncLineError) -> SyncChange {
        guard case .object(let members)? = line.json["seen"] else { throw .invalid("no \"seen\"") }
        var seen: [String: Int64] = [:]
        for (machine, value) in members {
            guard MachineID.isValid(machine), case .int(let n) = value, n >= 0 else {
                throw .invalid("\"seen\" is not machines and numbers")
            }
            seen[machine] = n
        }
        return .horizon(wall: try line.time("wall"), seen: seen)
    }

    /// A uuid as citefeed writes them: 36 characters of hexadecimal digits and hyphens (imports
    /// keep a file's own, so any case).
    static func isUUID(_ text: String) -> Bool {
        text.utf8.count <= 100 && !text.isEmpty
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D }
    }

    /// `MACHINE:SEQ`.
    static func isAnswerID(_ text: String) -> Bool {
        let parts = text.split(separator: ":")
        return parts.count == 2 && MachineID.isValid(String(parts[0])) && Int64(parts[1]).map { $0 > 0 } == true
    }
}

/// A line's JSON object, read field by field with the reason a field is refused.
private struct LineFields {
    let json: JSONValue

    func string(_ key: String) throws(SyncLineError) -> String {
        guard let s = json[key]?.stringValue else { throw .invalid("no \"\(key)\"") }
        return s
    }

    func integer(_ key: String) throws(SyncLineError) -> Int64 {
        guard case .int(let n)? = json[key] else { throw .invalid("\"\(key)\" is not a whole number") }
        return n
    }

    func time(_ key: String) throws(SyncLineError) -> Timestamp {
        let t = Timestamp(seconds: try integer(key))
        guard t.isInCivilRange else { throw .invalid("\"\(key)\" is not a time in the years 1 to 9999") }
        return t
    }

    func uuid() throws(SyncLineError) -> String {
        let u = try string("u")
        guard SyncChange.isUUID(u) else { throw .invalid("\"u\" is not a citation's uuid") }
        return u
    }

    /// An answer's id (`MACHINE:SEQ`), of an answer or its undo.
    func answerID() throws(SyncLineError) -> String {
        let id = try string("id")
        guard SyncChange.isAnswerID(id) else { throw .invalid("\"id\" is not an answer's id") }
        return id
    }
}

extension CitationFields {
    var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if let text { members.append(("text", .string(text))) }
        if let back { members.append(("back", .optional(back))) }
        if let author { members.append(("author", .optional(author))) }
        if let source { members.append(("source", .optional(source))) }
        if let favourite { members.append(("favourite", .bool(favourite))) }
        if let archived { members.append(("archived", archived.map { .int($0.seconds) } ?? .null)) }
        if let card { members.append(("card", card.map(JSONValue.bool) ?? .null)) }
        if let created { members.append(("created", .int(created.seconds))) }
        for (key, on) in tags.sorted(by: { $0.key < $1.key }) { members.append(("tag:" + key, .bool(on))) }
        return .object(members)
    }

    /// Reads and checks the fields as `add` and `edit` would take them.
    init(json: JSONValue) throws(SyncLineError) {
        guard case .object(let members) = json, !members.isEmpty else { throw .invalid("\"f\" is not an object of fields") }
        self.init()
        func optionalText(_ value: JSONValue, _ check: (String?) throws(ModelError) -> String?) throws(SyncLineError) -> String? {
            if value == .null { return nil }
            guard let s = value.stringValue else { throw .invalid("a field is not text") }
            do { return try check(s) } catch { throw .refused(error) }
        }
        func time(_ value: JSONValue) throws(SyncLineError) -> Timestamp {
            guard case .int(let n) = value, Timestamp(seconds: n).isInCivilRange else {
                throw .invalid("a time is not a whole number of seconds in the years 1 to 9999")
            }
            return Timestamp(seconds: n)
        }
        for (name, value) in members {
            switch name {
            case "text":
                guard let s = value.stringValue else { throw .invalid("the text is not text") }
                do { text = try CitationInput.text(s) } catch { throw .refused(error) }
            case "back": back = .some(try optionalText(value, CitationInput.back))
            case "author": author = .some(try optionalText(value, CitationInput.author))
            case "source": source = .some(try optionalText(value, CitationInput.source))
            case "favourite":
                guard case .bool(let b) = value else { throw .invalid("\"favourite\" is not true or false") }
                favourite = b
            case "archived": archived = .some(value == .null ? nil : try time(value))
            case "card":
                switch value {
                case .null: card = .some(nil)
                case .bool(let b): card = .some(b)
                default: throw .invalid("\"card\" is not true, false or null")
                }
            case "created": created = try time(value)
            default:
                guard name.hasPrefix("tag:"), case .bool(let on) = value else {
                    throw .invalid("\"\(name.echoed(limit: 60))\" is not a field of a citation")
                }
                let key = String(name.dropFirst(4))
                guard (try? Tag.validateName(key)).map(Tag.key) == key else { throw .invalid("\"\(key.echoed(limit: 60))\" is not a tag") }
                guard tags.count < Citation.maxTags else { throw .invalid("more than \(Citation.maxTags) tags in one change") }
                tags[key] = on
            }
        }
    }
}
