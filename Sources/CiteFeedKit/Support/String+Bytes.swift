import CPlatform

extension String {
    /// Whether `other`'s UTF-8 bytes occur in this string's: a byte search (`memmem`), where
    /// `contains` compares characters (Kindle's metadata asked it some 60 times a line). For
    /// words without combining marks, as the tables here are, it finds the same.
    func containsBytes(_ other: String) -> Bool {
        var haystack = self, needle = other
        return haystack.withUTF8 { h in
            needle.withUTF8 { n in citefeed_contains_bytes(h.baseAddress, h.count, n.baseAddress, n.count) != 0 }
        }
    }
}
