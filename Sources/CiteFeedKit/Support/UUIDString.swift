/// Random (version 4) UUIDs as lower-case strings, from the system's random source.
enum UUIDString {
    static func random() -> String {
        var rng = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return format(bytes)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The 16 bytes as `8-4-4-4-12` lower-case hexadecimal digits.
    static func format(_ bytes: [UInt8]) -> String {
        precondition(bytes.count == 16)
        return String(unsafeUninitializedCapacity: 36) { out in
            var n = 0
            for (i, byte) in bytes.enumerated() {
                if i == 4 || i == 6 || i == 8 || i == 10 {
                    out[n] = UInt8(ascii: "-")
                    n += 1
                }
                out[n] = hexDigits[Int(byte >> 4)]
                out[n + 1] = hexDigits[Int(byte & 0x0F)]
                n += 2
            }
            return n
        }
    }

    /// Whether `s` looks like a UUID (any version), for imports.
    static func isValid(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { bits(of: $0) != nil }
    }

    /// The value of each byte as a hexadecimal digit; 0xFF for the others.
    private static let digitValues: [UInt8] = (0...255).map { (c: Int) -> UInt8 in
        switch c {
        case 0x30...0x39: UInt8(c - 0x30)
        case 0x41...0x46: UInt8(c - 0x41 + 10)
        case 0x61...0x66: UInt8(c - 0x61 + 10)
        default: 0xFF
        }
    }

    /// The 128 bits a UUID's text spells, hexadecimal digits in either case; `nil` when it is
    /// not `8-4-4-4-12` digits. Two uuids that differ only in case have the same bits.
    static func bits(of text: UnsafeBufferPointer<UInt8>) -> UUIDBits? {
        let dash = UInt8(ascii: "-")
        guard text.count == 36, text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash else { return nil }
        return digitValues.withUnsafeBufferPointer { values -> UUIDBits? in
            var words: (UInt64, UInt64) = (0, 0)
            var invalid: UInt8 = 0
            var digits = 0
            for i in 0..<36 where i != 8 && i != 13 && i != 18 && i != 23 {
                let value = values[Int(text[i])]
                invalid |= value
                if digits < 16 { words.0 = words.0 << 4 | UInt64(value & 0x0F) } else { words.1 = words.1 << 4 | UInt64(value & 0x0F) }
                digits += 1
            }
            return invalid & 0xF0 == 0 ? UUIDBits(high: words.0, low: words.1) : nil
        }
    }

    static func bits(of s: String) -> UUIDBits? {
        var s = s
        return s.withUTF8 { bits(of: $0) }
    }
}

/// A UUID as its 128 bits: what a bulk import keeps of every uuid to find those already there
/// (a set of these hashes two integers instead of 36 characters).
struct UUIDBits: Hashable {
    let high: UInt64
    let low: UInt64
}
