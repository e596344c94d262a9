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

    /// The 128 bits a UUID's text spells, hexadecimal digits in either case; `nil` when it is
    /// not `8-4-4-4-12` digits. Two uuids that differ only in case have the same bits.
    static func bits(of text: UnsafeBufferPointer<UInt8>) -> UUIDBits? {
        guard text.count == 36 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        for (i, c) in text.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                if c != UInt8(ascii: "-") { return nil }
                continue
            }
            let value: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = c &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = c &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = c &- UInt8(ascii: "A") &+ 10
            default: return nil
            }
            if digits < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
            digits += 1
        }
        return UUIDBits(high: high, low: low)
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
