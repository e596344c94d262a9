/// Writes `JSONValue`s as UTF-8 JSON text: compact on one line, or pretty with two-space
/// indentation. Never fails. Slashes are not escaped; non-ASCII text is written as is, except
/// U+2028 and U+2029, which JavaScript parsers take for line breaks.
package enum JSONWriter {
    package static func compact(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, into: &out, indent: nil)
        return String(decoding: out, as: UTF8.self)
    }

    /// Pretty JSON ending in a newline, as files and terminals want it.
    package static func pretty(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, into: &out, indent: 0)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` to `out`; `indent` is the column of the value's line when pretty (its
    /// members go two spaces further in), `nil` for compact.
    package static func write(_ value: JSONValue, into out: inout [UInt8], indent: Int?) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d):
            let text = d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)") : "null"
            out.append(contentsOf: text.utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += [0x5B, 0x5D]; return }
            out.append(0x5B)
            writeMembers(items.count, into: &out, indent: indent) { i, out, inner in
                write(items[i], into: &out, indent: inner)
            }
            out.append(0x5D)
        case .object(let members):
            if members.isEmpty { out += [0x7B, 0x7D]; return }
            out.append(0x7B)
            writeMembers(members.count, into: &out, indent: indent) { i, out, inner in
                writeString(members[i].0, into: &out)
                out.append(0x3A)
                if indent != nil { out.append(0x20) }
                write(members[i].1, into: &out, indent: inner)
            }
            out.append(0x7D)
        }
    }

    private static func writeMembers(
        _ count: Int, into out: inout [UInt8], indent: Int?, _ body: (Int, inout [UInt8], Int?) -> Void
    ) {
        let inner = indent.map { $0 + 2 }
        for i in 0..<count {
            if i > 0 { out.append(0x2C) }
            if let inner {
                out.append(0x0A)
                out += repeatElement(0x20, count: inner)
            }
            body(i, &out, inner)
        }
        if let indent {
            out.append(0x0A)
            out += repeatElement(0x20, count: indent)
        }
    }

    /// `s` as a JSON string, quoted and escaped.
    package static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        writeString(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    package static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        var s = s
        s.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied at once.
            var run = 0
            var i = 0
            let n = bytes.count
            func copyRun() {
                if run < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i])) }
            }
            while i < n {
                let b = bytes[i]
                if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x7F && b != 0xE2 {
                    i += 1
                    continue
                }
                if b == 0xE2 && !(i + 2 < n && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)) {
                    i += 1
                    continue
                }
                copyRun()
                switch b {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                case 0x08: out += [0x5C, UInt8(ascii: "b")]
                case 0x0C: out += [0x5C, UInt8(ascii: "f")]
                case 0xE2:
                    // U+2028 and U+2029, which JavaScript takes for line breaks.
                    out.append(contentsOf: (bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    i += 2
                default:
                    let hex = String(b, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                }
                i += 1
                run = i
            }
            copyRun()
        }
        out.append(0x22)
    }
}
