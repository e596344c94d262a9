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
        // Runs of bytes that need no escape are copied whole; this is the hot path of feed.json.
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(s.utf8.count + 8)
        var utf8 = s.utf8.makeIterator()
        var pending: UInt8? = nil
        while let b = pending ?? utf8.next() {
            pending = nil
            switch b {
            case UInt8(ascii: "\""): bytes += [0x5C, 0x22]
            case UInt8(ascii: "\\"): bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
            case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
            case 0x00..<0x20, 0x7F:
                let hex = String(b, radix: 16)
                bytes += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            case 0xE2:
                // U+2028 and U+2029 (E2 80 A8/A9) break JavaScript parsers: escape them.
                guard let b1 = utf8.next() else { bytes.append(b); break }
                guard b1 == 0x80, let b2 = utf8.next() else { bytes += [b]; pending = b1; break }
                if b2 == 0xA8 || b2 == 0xA9 {
                    bytes += Array((b2 == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                } else {
                    bytes += [b, b1, b2]
                }
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        out += String(decoding: bytes, as: UTF8.self)
    }
}
