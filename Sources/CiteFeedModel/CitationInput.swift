import CiteFeedSupport

/// Validation of citation fields, the same for add, edit and import (README, "Citations").
package enum CitationInput {
    /// Characters (graphemes) in `text`, quickly for ASCII.
    package static func characterCount(_ text: String) -> Int {
        text.utf8AllSatisfy { $0 < 0x80 && $0 != 0x0D } ? text.utf8.count : text.count
    }

    package static let maxText = 20_000
    package static let maxAuthor = 500
    package static let maxSource = 2_000
    package static let maxBack = 20_000

    /// Trimmed, non-empty text of at most 20,000 characters without control characters.
    package static func text(_ raw: String) throws(ModelError) -> String {
        let text = normalizeNewlines(raw).trimmingWhitespace()
        if text.isEmpty { throw .emptyText }
        try check(text, field: "text", limit: maxText, allowNewlines: true)
        return text
    }

    /// An optional field: trimmed; empty means absent.
    package static func optional(_ raw: String?, field: String, limit: Int, allowNewlines: Bool) throws(ModelError) -> String? {
        guard let raw else { return nil }
        let value = normalizeNewlines(raw).trimmingWhitespace()
        if value.isEmpty { return nil }
        try check(value, field: field, limit: limit, allowNewlines: allowNewlines)
        return value
    }

    package static func back(_ raw: String?) throws(ModelError) -> String? {
        try optional(raw, field: "back", limit: maxBack, allowNewlines: true)
    }

    package static func author(_ raw: String?) throws(ModelError) -> String? {
        try optional(raw, field: "author", limit: maxAuthor, allowNewlines: false)
    }

    package static func source(_ raw: String?) throws(ModelError) -> String? {
        try optional(raw, field: "source", limit: maxSource, allowNewlines: false)
    }

    /// Windows line ends become Unix ones; a lone CR stays and is refused as a control character.
    static func normalizeNewlines(_ s: String) -> String {
        guard !s.utf8AllSatisfy({ $0 != 13 }) else { return s }
        var out = String.UnicodeScalarView()
        var previousCR = false
        for scalar in s.unicodeScalars {
            if previousCR && scalar != "\n" { out.append("\r") }
            previousCR = scalar == "\r"
            if !previousCR { out.append(scalar) }
        }
        if previousCR { out.append("\r") }
        return String(out)
    }

    /// UTF-8 bytes a field may have per character of its limit: every character of one code
    /// point fits, and a field's cost (its bytes) is bounded whatever its characters are.
    package static let bytesPerCharacter = 4
    /// Combining marks (code points after a character's first) one character may carry: the
    /// stream-safe limit of Unicode's normalization (UAX #15), far above what any script or
    /// emoji sequence uses, far below "Zalgo" text's thousands.
    package static let maxMarks = 30

    static func check(_ value: String, field: String, limit: Int, allowNewlines: Bool) throws(ModelError) {
        // Bytes first, in constant time: nothing below walks more than the limit allows.
        let bytes = value.utf8.count
        if bytes > limit * bytesPerCharacter {
            throw .tooManyBytes(field: field, limit: limit * bytesPerCharacter, actual: bytes)
        }
        // Printable ASCII (most text) needs no grapheme breaking: one byte, one character.
        if value.utf8AllSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 || ($0 == 0x0A && allowNewlines) }) {
            if bytes > limit { throw .tooLong(field: field, limit: limit, actual: bytes) }
            return
        }
        var position = 0
        for character in value {
            position += 1
            var scalars = 0
            for scalar in character.unicodeScalars {
                scalars += 1
                let v = scalar.value
                let isControl = v < 0x20 || (0x7F..<0xA0).contains(v)
                if isControl && !(v == 0x09 || (v == 0x0A && allowNewlines)) {
                    throw .controlCharacter(field: field, scalar: v, position: position)
                }
            }
            if scalars - 1 > maxMarks { throw .tooManyMarks(field: field, marks: scalars - 1, position: position) }
        }
        if position > limit { throw .tooLong(field: field, limit: limit, actual: position) }
    }
}
