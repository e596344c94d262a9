/// Writes `JSONValue`s as UTF-8 JSON text: compact on one line, or pretty with two-space
/// indentation. Never fails. Slashes are not escaped; non-ASCII text is written as is, except
/// U+2028 and U+2029, which JavaScript parsers take for line breaks.
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, into: &out, indent: nil)
        return String(decoding: out, as: UTF8.self)
    }

    /// Pretty JSON ending in a newline, as files and terminals want it.
    public static func pretty(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, into: &out, indent: 0)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes, not a String, all the way down: a 100,000-citation export is one buffer.
    private static func write(_ value: JSONValue, into out: inout [UInt8], indent: Int?) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .int(let i): out += Array(String(i).utf8)
        case .double(let d):
            let text = d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)") : "null"
            out += Array(text.utf8)
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

    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        let bytes = Array(s.utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x08: out += [0x5C, UInt8(ascii: "b")]
            case 0x0C: out += [0x5C, UInt8(ascii: "f")]
            case 0x00..<0x20, 0x7F:
                let hex = String(b, radix: 16)
                out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                out += Array((bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                i += 2
            default: out.append(b)
            }
            i += 1
        }
        out.append(0x22)
    }
}
