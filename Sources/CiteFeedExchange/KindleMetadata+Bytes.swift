import CiteFeedSupport

extension KindleMetadata {
    /// The line's UTF-8 bytes, lower-cased. The line is read by bytes, not characters: reading
    /// a metadata line by characters was half of importing 200k clippings.
    struct Bytes {
        let bytes: [UInt8]

        init(line: UnsafeBufferPointer<UInt8>) {
            if line.allSatisfy({ $0 < 0x80 }) {
                bytes = line.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
            } else {
                bytes = Array(String(decoding: line, as: UTF8.self).lowercased().utf8)
            }
        }

        subscript(i: Int) -> UInt8 { bytes[i] }

        /// The digit (ASCII or full-width, `０`–`９`) at `i` and its length in bytes.
        @inline(__always)
        func digit(at i: Int, before end: Int) -> (value: Int, length: Int)? {
            guard i < end else { return nil }
            let b = bytes[i]
            if b &- 0x30 < 10 { return (Int(b &- 0x30), 1) }
            if b == 0xEF, i + 2 < end, bytes[i + 1] == 0xBC, bytes[i + 2] &- 0x90 < 10 { return (Int(bytes[i + 2] &- 0x90), 3) }
            return nil
        }

        /// The length of the white space character (Unicode's White_Space) at `i`, or 0.
        func whitespace(at i: Int, before end: Int) -> Int {
            let b = bytes[i]
            if b == 0x20 || b &- 0x09 < 5 { return 1 }
            guard b >= 0xC2, i + 1 < end else { return 0 }
            let c = bytes[i + 1]
            if b == 0xC2 { return c == 0x85 || c == 0xA0 ? 2 : 0 }
            guard i + 2 < end else { return 0 }
            let d = bytes[i + 2]
            switch (b, c) {
            case (0xE1, 0x9A): return d == 0x80 ? 3 : 0  // U+1680
            case (0xE2, 0x80): return d <= 0x8A || d == 0xA8 || d == 0xA9 || d == 0xAF ? 3 : 0  // U+2000-200A, 2028, 2029, 202F
            case (0xE2, 0x81): return d == 0x9F ? 3 : 0  // U+205F
            case (0xE3, 0x80): return d == 0x80 ? 3 : 0  // U+3000
            default: return 0
            }
        }

        /// Whether the bytes from `i` (before `end`) start with `prefix`.
        func has(_ prefix: [UInt8], at i: Int, before end: Int) -> Bool {
            guard i >= 0, i + prefix.count <= end else { return false }
            for (k, b) in prefix.enumerated() where bytes[i + k] != b { return false }
            return true
        }

        /// Whether the bytes of `range` end with `suffix`.
        func ends(_ range: Range<Int>, with suffix: [UInt8]) -> Bool {
            range.count >= suffix.count && has(suffix, at: range.upperBound - suffix.count, before: range.upperBound)
        }

        func contains(_ word: [UInt8], in range: Range<Int>) -> Bool { bytes.containsBytes(word, in: range) }

        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    }
}
