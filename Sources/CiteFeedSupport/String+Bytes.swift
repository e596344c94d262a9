import CPlatform

extension String {
    /// Whether `other`'s UTF-8 bytes occur in this string's: a byte search (`memmem`), where
    /// `contains` compares characters (Kindle's metadata asked it some 60 times a line). For
    /// words without combining marks, as the tables here are, it finds the same.
    package func containsBytes(_ other: String) -> Bool {
        var haystack = self, needle = other
        return haystack.withUTF8 { h in
            needle.withUTF8 { n in citefeed_contains_bytes(h.baseAddress, h.count, n.baseAddress, n.count) != 0 }
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in the bytes of `range` (`memmem`).
    package func containsBytes(_ needle: [UInt8], in range: Range<Int>) -> Bool {
        withUnsafeBufferPointer { p in citefeed_contains_bytes(p.baseAddress! + range.lowerBound, range.count, needle, needle.count) != 0 }
    }
}

extension UInt8 {
    package var isHexDigit: Bool {
        (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self)
    }
}

extension String {
    /// The text without white space (Unicode's) at either end.
    package func trimmingWhitespace() -> String {
        // Most values start and end with a printable ASCII character: nothing to trim.
        if let first = utf8.first, let last = utf8.last, first > 0x20 && first < 0x7F, last > 0x20 && last < 0x7F { return self }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }

    /// The first `count` code points, and "…" where that cut the string, in time proportional
    /// to `count` (whatever the string's length).
    package func cut(toScalars count: Int) -> String {
        let scalars = unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: count, limitedBy: scalars.endIndex), end != scalars.endIndex else {
            return self
        }
        return String(scalars[..<end]) + "…"
    }

    /// The longest start of at most `bytes` UTF-8 bytes that ends at a code point, and "…"
    /// where that cut the string.
    package func cut(toUTF8 bytes: Int) -> String {
        guard utf8.count > bytes else { return self }
        var used = 0
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            used += scalar.utf8.count
            if used > bytes { break }
            out.append(scalar)
        }
        return String(out) + "…"
    }

    /// Whether every UTF-8 byte satisfies `predicate`, over the contiguous bytes (several times
    /// faster than iterating `utf8` for the long texts of an import).
    package func utf8AllSatisfy(_ predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(predicate) } ?? utf8.allSatisfy(predicate)
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement`.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, firstRange(of: target) != nil else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }

    /// The text as one word for `sh` (and GLib's `g_shell_parse_argv`): in single quotes, each
    /// `'` written as `'\''`.
    package var shellWord: String { "'" + replacingAll("'", with: "'\\''") + "'" }

    /// `shellWord`, but bare when the text is only ASCII letters, digits and `/ . _ - + : , @`,
    /// which no shell reads specially (for a command a person reads, such as a widget's).
    package var plainShellWord: String {
        let plain =
            !isEmpty
            && utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                default: "/._-+:,@".utf8.contains(byte)
                }
            }
        return plain ? self : shellWord
    }
}
