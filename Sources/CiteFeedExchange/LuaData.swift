import CiteFeedSupport

/// A value of the Lua data KOReader writes (its `dump.lua`: `return { ["key"] = value, … }`):
/// strings, numbers, booleans, nil and tables. Read by `LuaData.parse`, which understands only
/// literal data: a name, a call or an operator is an error, so nothing in the file is ever run.
indirect enum LuaValue: Equatable, Sendable {
    case string(String)
    case number(Double)
    case boolean(Bool)
    case null
    /// The entries in the file's order; keys are strings or numbers (positional values get 1, 2, …).
    case table([(key: LuaValue, value: LuaValue)])

    static func == (a: LuaValue, b: LuaValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.boolean(let x), .boolean(let y)): x == y
        case (.null, .null): true
        case (.table(let x), .table(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The member named `key` of a table (`nil` for anything else, as Lua gives).
    subscript(key: String) -> LuaValue? {
        guard case .table(let entries) = self else { return nil }
        return entries.last { $0.key == .string(key) }?.value
    }

    /// The values under integer keys, in the keys' order (KOReader writes them in any order,
    /// and an old `highlight` table is keyed by page number, with gaps).
    var list: [LuaValue] {
        guard case .table(let entries) = self else { return [] }
        return entries.compactMap { entry -> (Double, LuaValue)? in
            if case .number(let n) = entry.key { return (n, entry.value) } else { return nil }
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var isTable: Bool { if case .table = self { true } else { false } }
}

/// A reader of Lua table literals: `return` (optional), one value, comments anywhere.
struct LuaData {
    /// Why the text is not Lua data, and where (a line number).
    struct Failure: Error, Equatable {
        var line: Int
        var reason: String
    }

    /// Deeper than this is not a sidecar someone's reader wrote (and would exhaust the stack).
    static let maximumDepth = 200

    private let bytes: [UInt8]
    private var i = 0
    private var line = 1

    static func parse(_ bytes: [UInt8]) throws(Failure) -> LuaValue {
        var reader = LuaData(bytes: bytes)
        reader.skipSpace()
        if reader.word() == "return" { reader.i += 6 }
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.i == bytes.count else { throw reader.failure("unexpected \(reader.shown) after the table") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ reason: String) -> Failure { Failure(line: line, reason: reason) }

    /// What is at the reader, for a message.
    private var shown: String {
        guard i < bytes.count else { return "end of file" }
        if let w = word() { return "'\(w)'" }
        return "'\(String(decoding: [bytes[i]], as: UTF8.self))'"
    }

    /// The name at the reader (letters, digits, `_`), if one starts here.
    private func word() -> String? {
        var j = i
        while j < bytes.count,
            bytes[j] == 0x5F || (bytes[j] | 0x20 >= 0x61 && bytes[j] | 0x20 <= 0x7A) || (j > i && bytes[j] >= 0x30 && bytes[j] <= 0x39)
        {
            j += 1
        }
        return j > i ? String(decoding: bytes[i..<j], as: UTF8.self) : nil
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A:
                line += 1
                i += 1
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C: i += 1
            case 0x2D where i + 1 < bytes.count && bytes[i + 1] == 0x2D:  // -- comment
                i += 2
                if let level = longBracket() {
                    _ = try? longString(level)
                } else {
                    while i < bytes.count && bytes[i] != 0x0A { i += 1 }
                }
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> LuaValue {
        skipSpace()
        guard i < bytes.count else { throw failure("the file ends where a value should be") }
        switch bytes[i] {
        case 0x7B: return try table(depth: depth + 1)
        case 0x22, 0x27: return .string(try quoted())
        case 0x5B:
            guard let level = longBracket() else { throw failure("unexpected '['") }
            return .string(try longString(level))
        case 0x2D, 0x2E, 0x30...0x39: return .number(try number())
        default:
            switch word() {
            case "true": i += 4; return .boolean(true)
            case "false": i += 5; return .boolean(false)
            case "nil": i += 3; return .null
            default: throw failure("unexpected \(shown): only literal data is read, nothing is run")
            }
        }
    }

    private mutating func table(depth: Int) throws(Failure) -> LuaValue {
        guard depth <= LuaData.maximumDepth else { throw failure("tables nested more than \(LuaData.maximumDepth) deep") }
        i += 1  // {
        var entries: [(key: LuaValue, value: LuaValue)] = []
        var position = 0.0
        while true {
            skipSpace()
            guard i < bytes.count else { throw failure("the file ends inside a table") }
            if bytes[i] == 0x7D {
                i += 1
                return .table(entries)
            }
            var key: LuaValue
            if bytes[i] == 0x5B, longBracketAhead() == nil {
                i += 1
                key = try value(depth: depth)
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x5D else { throw failure("expected ']' after a key") }
                i += 1
                try expectEquals()
            } else if let name = word(), !["true", "false", "nil"].contains(name), followedByEquals(after: name.utf8.count) {
                i += name.utf8.count
                key = .string(name)
                try expectEquals()
            } else {
                position += 1
                key = .number(position)
                entries.append((key, try value(depth: depth)))
                try separator()
                continue
            }
            if key == .null { throw failure("a table key is nil") }
            entries.append((key, try value(depth: depth)))
            try separator()
        }
    }

    private mutating func followedByEquals(after length: Int) -> Bool {
        var j = i + length
        while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
        return j < bytes.count && bytes[j] == 0x3D && (j + 1 == bytes.count || bytes[j + 1] != 0x3D)
    }

    private mutating func expectEquals() throws(Failure) {
        skipSpace()
        guard i < bytes.count, bytes[i] == 0x3D else { throw failure("expected '=' after a key") }
        i += 1
    }

    /// After an entry: `,` or `;`, or the table's end.
    private mutating func separator() throws(Failure) {
        skipSpace()
        guard i < bytes.count else { throw failure("the file ends inside a table") }
        if bytes[i] == 0x2C || bytes[i] == 0x3B {
            i += 1
        } else if bytes[i] != 0x7D {
            throw failure("expected ',' or '}' after a value, found \(shown)")
        }
    }

    private mutating func number() throws(Failure) -> Double {
        let start = i
        if bytes[i] == 0x2D { i += 1 }
        let hex = i + 1 < bytes.count && bytes[i] == 0x30 && bytes[i + 1] | 0x20 == 0x78
        while i < bytes.count {
            let b = bytes[i]
            let exponentSign = (b == 0x2B || b == 0x2D) && !hex && bytes[i - 1] | 0x20 == 0x65
            guard (0x30...0x39).contains(b) || b == 0x2E || (0x61...0x7A).contains(b | 0x20) || exponentSign else { break }
            i += 1
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        let negative = text.hasPrefix("-")
        if hex, let n = UInt64(text.dropFirst(negative ? 3 : 2), radix: 16) { return negative ? -Double(n) : Double(n) }
        guard !hex, let n = Double(text), n.isFinite else { throw failure("'\(text.prefix(40))' is not a number") }
        return n
    }

    /// `[[`, `[==[`: the level (number of `=`) of a long bracket at the reader, if one is there.
    private func longBracketAhead() -> Int? {
        guard i < bytes.count, bytes[i] == 0x5B else { return nil }
        var j = i + 1
        while j < bytes.count && bytes[j] == 0x3D { j += 1 }
        guard j < bytes.count, bytes[j] == 0x5B else { return nil }
        return j - i - 1
    }

    /// Skips a long bracket at the reader and returns its level.
    private mutating func longBracket() -> Int? {
        guard let level = longBracketAhead() else { return nil }
        i += level + 2
        return level
    }

    private mutating func longString(_ level: Int) throws(Failure) -> String {
        // A newline right after the opening bracket is not part of the string.
        if i < bytes.count && bytes[i] == 0x0D { i += 1 }
        if i < bytes.count && bytes[i] == 0x0A {
            i += 1
            line += 1
        }
        let start = i
        while i < bytes.count {
            if bytes[i] == 0x0A { line += 1 }
            if bytes[i] == 0x5D {
                var j = i + 1
                while j < bytes.count && bytes[j] == 0x3D { j += 1 }
                if j < bytes.count, bytes[j] == 0x5D, j - i - 1 == level {
                    defer { i = j + 1 }
                    return String(decoding: bytes[start..<i], as: UTF8.self)
                }
            }
            i += 1
        }
        throw failure("the file ends inside a long string")
    }

    /// A string in quotes, with Lua's escapes (`\n`, `\"`, `\` before a newline, `\z`,
    /// `\ddd`, `\xXX`, `\u{XXX}`); bytes that are not UTF-8 become U+FFFD.
    private mutating func quoted() throws(Failure) -> String {
        let quote = bytes[i]
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == quote {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b == 0x0A { throw failure("a string is not closed before the end of its line") }
            if b != 0x5C {
                out.append(b)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case 0x6E: out.append(0x0A)  // n
            case 0x74: out.append(0x09)  // t
            case 0x72: out.append(0x0D)  // r
            case 0x61: out.append(0x07)  // a
            case 0x62: out.append(0x08)  // b
            case 0x66: out.append(0x0C)  // f
            case 0x76: out.append(0x0B)  // v
            case 0x0A:  // backslash-newline: a newline in the string
                out.append(0x0A)
                line += 1
                if i < bytes.count && bytes[i] == 0x0D { i += 1 }
            case 0x0D:
                out.append(0x0A)
                if i < bytes.count && bytes[i] == 0x0A {
                    i += 1
                    line += 1
                }
            case 0x7A:  // z: skips the whitespace after it
                while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(bytes[i]) {
                    if bytes[i] == 0x0A { line += 1 }
                    i += 1
                }
            case 0x78:  // xXX
                guard i + 1 < bytes.count, let n = UInt8(String(decoding: bytes[i...i + 1], as: UTF8.self), radix: 16) else {
                    throw failure("\\x needs two hexadecimal digits")
                }
                out.append(n)
                i += 2
            case 0x30...0x39:  // ddd
                var n = Int(e - 0x30)
                var digits = 1
                while digits < 3, i < bytes.count, (0x30...0x39).contains(bytes[i]) {
                    n = n * 10 + Int(bytes[i] - 0x30)
                    i += 1
                    digits += 1
                }
                guard n <= 255 else { throw failure("the escape \\\(n) is more than 255") }
                out.append(UInt8(n))
            case 0x75:  // u{XXX}
                guard i < bytes.count, bytes[i] == 0x7B, let close = bytes[i...].prefix(10).firstIndex(of: 0x7D),
                    let n = UInt32(String(decoding: bytes[(i + 1)..<close], as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(n)
                else { throw failure("\\u needs a code point in braces, such as \\u{2014}") }
                out += Array(String(Character(scalar)).utf8)
                i = close + 1
            default: out.append(e)  // \\ \" \' and anything else as itself
            }
        }
        throw failure("the file ends inside a string")
    }
}
