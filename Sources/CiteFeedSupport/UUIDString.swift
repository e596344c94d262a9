import CPlatform

/// Random (version 4) UUIDs as lower-case strings, from the system's random source.
package enum UUIDString {
    /// One UUID: one system call for its 16 bytes.
    package static func random() -> String {
        var source = RandomBytes(block: 16)
        return random(using: &source)
    }

    /// A UUID from `source`: what makes many (an import, one per row) takes the kernel's bytes
    /// a block at a time.
    package static func random(using source: inout RandomBytes) -> String {
        var bytes = source.take(16)
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return format(bytes)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The 16 bytes as `8-4-4-4-12` lower-case hexadecimal digits.
    package static func format(_ bytes: [UInt8]) -> String {
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

    /// The value of a hexadecimal digit of either case; 0xFF for any other byte.
    @inline(__always)
    private static func digit(_ c: UInt8) -> UInt8 {
        let decimal = c &- 0x30
        if decimal < 10 { return decimal }
        let letter = (c | 0x20) &- 0x61
        return letter < 6 ? letter &+ 10 : 0xFF
    }

    /// The 128 bits a UUID's text spells, hexadecimal digits in either case; `nil` when it is
    /// not `8-4-4-4-12` digits. Two uuids that differ only in case have the same bits.
    package static func bits(of text: UnsafeBufferPointer<UInt8>) -> UUIDBits? {
        let dash = UInt8(ascii: "-")
        guard text.count == 36, let p = text.baseAddress, p[8] == dash, p[13] == dash, p[18] == dash, p[23] == dash else {
            return nil
        }
        var invalid: UInt8 = 0
        func value(_ range: Range<Int>, into word: inout UInt64) {
            for i in range {
                let d = digit(p[i])
                invalid |= d
                word = word << 4 | UInt64(d & 0x0F)
            }
        }
        var high: UInt64 = 0
        var low: UInt64 = 0
        value(0..<8, into: &high)
        value(9..<13, into: &high)
        value(14..<18, into: &high)
        value(19..<23, into: &low)
        value(24..<36, into: &low)
        return invalid & 0xF0 == 0 ? UUIDBits(high: high, low: low) : nil
    }

    package static func bits(of s: String) -> UUIDBits? {
        var s = s
        return s.withUTF8 { bits(of: $0) }
    }
}
