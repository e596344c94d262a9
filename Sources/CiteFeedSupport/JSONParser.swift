/// A strict JSON (RFC 8259) parser whose errors name the line and column.
package struct JSONParser {
    package struct Failure: Error, Equatable, Sendable {
        package var line: Int
        package var column: Int
        package var reason: String
        package var message: String { "line \(line), column \(column): \(reason)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// With `parse(_:streaming:each:)`: the members whose list is streamed, and where to.
    private var streamed: Set<String> = []
    private var each: ((String?, JSONValue, Double) -> Bool)?
    private var finite = false
    /// With `finite`: the member names down to the value being parsed, to name it in an error.
    private var keys: [String] = []

    /// Parses a whole document; a UTF-8 byte order mark is allowed. `finite`: a number too
    /// large for a double (`1e999`) is an error naming it as written, instead of infinity
    /// (which JSON cannot hold: it would be written back as null).
    package static func parse(_ bytes: [UInt8], finite: Bool = false) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.finite = finite
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipSpace()
        let value = try parser.parseValue()
        parser.skipSpace()
        if parser.index < bytes.count { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    /// Parses a document as `parse` does, but hands the elements of one list to `each` as they
    /// are parsed instead of keeping them: the document itself when it is a list, or a list that
    /// is the value of a top-level member named in `members`. `each` gets that member's name
    /// (`nil` for a top-level list), the element, and the fraction of the bytes read, and
    /// returns `false` to stop there (the parse then fails with `JSONParser.stopped`). The
    /// document returned has that list empty. For an import, a 100,000-element list is then
    /// never held whole.
    package static func parse(
        _ bytes: [UInt8], streaming members: Set<String>, each: (String?, JSONValue, Double) -> Bool
    ) throws(Failure) -> JSONValue {
        try withoutActuallyEscaping(each) { each throws(Failure) in
            var parser = JSONParser(bytes: bytes)
            parser.streamed = members
            parser.each = each
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            parser.skipSpace()
            let value =
                parser.index < bytes.count && bytes[parser.index] == UInt8(ascii: "[")
                ? try parser.parseArray(streamingAs: .some(nil)) : try parser.parseValue()
            parser.skipSpace()
            if parser.index < bytes.count { throw parser.failure("unexpected text after the JSON value") }
            return value
        }
    }

    /// What a streaming parse throws when `each` asked it to stop.
    package static let stopped = Failure(line: 0, column: 0, reason: "stopped by the reader")

    package static func parse(_ text: String) throws(Failure) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ reason: String, at position: Int? = nil) -> Failure {
        let end = min(position ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<end where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        // Columns count characters, not bytes: skip UTF-8 continuation bytes.
        let column = bytes[lineStart..<end].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return Failure(line: line, column: column, reason: reason)
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character \(describe(at: index))")
        }
    }

    private func describe(at i: Int) -> String {
        let b = bytes[i]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    private mutating func expectWord(_ word: String) throws(Failure) {
        let start = index
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw failure("invalid literal, expected '\(word)'", at: start) }
            index += 1
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > 512 { throw failure("nesting is deeper than 512 levels") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure(index < bytes.count ? "expected a quoted member name" : "unexpected end of the document")
            }
            let key = try parseString()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            index += 1
            skipSpace()
            if depth == 1 && streamed.contains(key) && index < bytes.count && bytes[index] == UInt8(ascii: "[") {
                members.append((key, try parseArray(streamingAs: key)))
            } else {
                if finite { keys.append(key) }
                members.append((key, try parseValue()))
                if finite { keys.removeLast() }
            }
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end of the document; an object is not closed") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw failure("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(members)
    }

    /// `streamingAs`: hand the elements to `each` under that name (`.some(nil)`: the top-level list).
    private mutating func parseArray(streamingAs name: String?? = nil) throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipSpace()
            let item = try parseValue()
            if let name, let each {
                guard each(name, item, Double(index) / Double(bytes.count)) else { throw JSONParser.stopped }
            } else {
                items.append(item)
            }
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end of the document; a list is not closed") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw failure("expected ',' or ']' in a list")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func parseString() throws(Failure) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ parser: JSONParser, _ end: Int, into view: inout String.UnicodeScalarView) throws(Failure) {
            guard end > runStart else { return }
            guard let run = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else {
                throw parser.failure("a string is not valid UTF-8", at: runStart)
            }
            view.append(contentsOf: run.unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw failure("a string is not closed", at: start) }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                // Most strings have no escape: made from their bytes at once.
                if runStart == start + 1 {
                    guard let text = String(validating: bytes[runStart..<index], as: UTF8.self) else {
                        throw failure("a string is not valid UTF-8", at: runStart)
                    }
                    index += 1
                    return text
                }
                try flushRun(self, index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if b < 0x20 { throw failure("a control character must be escaped in a string") }
            if b == UInt8(ascii: "\\") {
                try flushRun(self, index, into: &scalars)
                index += 1
                guard index < bytes.count else { throw failure("a string is not closed", at: start) }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
                default: throw failure("invalid escape sequence in a string", at: index - 2)
                }
                runStart = index
                continue
            }
            index += 1
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(Failure) -> Unicode.Scalar {
        let first = try parseHex4()
        if (0xD800..<0xDC00).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("a lone surrogate in a \\u escape")
            }
            index += 2
            let second = try parseHex4()
            guard (0xDC00..<0xE000).contains(second) else { throw failure("a lone surrogate in a \\u escape") }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else { throw failure("a lone surrogate in a \\u escape") }
        return scalar
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let s = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - s
        }
        let intDigits = digits(&self)
        guard intDigits > 0 else { throw failure("invalid number", at: start) }
        if intDigits > 1, bytes[index - intDigits] == UInt8(ascii: "0") { throw failure("a number must not start with 0", at: start) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard digits(&self) > 0 else { throw failure("invalid number", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw failure("invalid number", at: start) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .int(value) }
        guard let value = Double(text) else { throw failure("invalid number", at: start) }
        guard value.isFinite || !finite else {
            let member = keys.isEmpty ? "" : " of \"\(keys.joined(separator: ".").echoed(limit: 60))\""
            throw failure("the number \(text.echoed(limit: 40))\(member) is out of range", at: start)
        }
        return .double(value)
    }
}
