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

/// A UUID as its 128 bits: what a bulk import keeps of every uuid to find those already there
/// (a set of these hashes two integers instead of 36 characters).
package struct UUIDBits: Equatable {
    let high: UInt64
    let low: UInt64
}

/// Bytes from the kernel's random source, read `block` bytes at a time: 200k UUIDs made with a
/// system call per byte (`UInt8.random` with `SystemRandomNumberGenerator`) were a fifth of
/// importing 200k Kindle clippings.
package struct RandomBytes {
    private var buffer: [UInt8] = []
    private var next = 0
    private let block: Int

    package init(block: Int = 4096) { self.block = max(block, 1) }

    package mutating func take(_ count: Int) -> [UInt8] {
        if next + count > buffer.count {
            buffer = [UInt8](repeating: 0, count: max(block, count))
            let filled = buffer.withUnsafeMutableBytes { citefeed_random_bytes($0.baseAddress, $0.count) == 0 }
            if !filled {
                // getrandom(2) fails only where the system call is missing (before Linux 3.17).
                var rng = SystemRandomNumberGenerator()
                for i in buffer.indices { buffer[i] = UInt8.random(in: 0...255, using: &rng) }
            }
            next = 0
        }
        defer { next += count }
        return Array(buffer[next..<next + count])
    }
}
