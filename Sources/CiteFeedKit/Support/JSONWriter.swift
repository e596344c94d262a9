/// Writes `JSONValue`s as UTF-8 JSON text: compact on one line, or pretty with two-space
/// indentation. Never fails. Slashes are not escaped; non-ASCII text is written as is.
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: nil)
        return out
    }

    /// Pretty JSON ending in a newline, as files and terminals want it.
    public static func pretty(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: "")
        out += "\n"
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: String?) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            if d.isFinite { out += d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)" } else { out += "null" }
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            writeMembers(items.count, into: &out, indent: indent) { i, out, inner in
                write(items[i], into: &out, indent: inner)
            }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            writeMembers(members.count, into: &out, indent: indent) { i, out, inner in
                writeString(members[i].0, into: &out)
                out += indent == nil ? ":" : ": "
                write(members[i].1, into: &out, indent: inner)
            }
            out += "}"
        }
    }

    private static func writeMembers(
        _ count: Int, into out: inout String, indent: String?,
        _ body: (Int, inout String, String?) -> Void
    ) {
        let inner = indent.map { $0 + "  " }
        for i in 0..<count {
            if i > 0 { out += "," }
            if let inner { out += "\n" + inner }
            body(i, &out, inner)
        }
        if let indent { out += "\n" + indent }
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
