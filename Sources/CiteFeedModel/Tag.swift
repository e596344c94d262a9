import CiteFeedSupport

/// A tag: a unique name (ignoring case) and a colour.
package struct Tag: Hashable, Sendable {
    package var name: String
    /// A palette name or `#RRGGBB`.
    package var color: String

    package init(name: String, color: String) {
        self.name = name
        self.color = color
    }

    /// Checks and trims a tag name: 1–40 characters, no comma, semicolon or control character.
    package static func validateName(_ raw: String) throws(ModelError) -> String {
        let name = raw.trimmingWhitespace()
        if name.isEmpty { throw .invalidTagName(raw, reason: "a tag name cannot be empty") }
        // Bytes before characters: counting the characters of a long name costs its length.
        if name.utf8.count > 40 * CitationInput.bytesPerCharacter || name.count > 40 {
            throw .invalidTagName(
                raw.cut(toScalars: 40), reason: "a tag name has at most 40 characters (160 bytes of UTF-8)")
        }
        for character in name where character.unicodeScalars.count - 1 > CitationInput.maxMarks {
            throw .invalidTagName(
                name, reason: "a tag name's character has at most \(CitationInput.maxMarks) combining marks")
        }
        for scalar in name.unicodeScalars {
            switch scalar {
            case ",": throw .invalidTagName(raw, reason: "a tag name cannot contain a comma")
            case ";": throw .invalidTagName(raw, reason: "a tag name cannot contain a semicolon")
            case "\n", "\r": throw .invalidTagName(raw, reason: "a tag name cannot contain a line break")
            default:
                if scalar.properties.generalCategory == .control {
                    throw .invalidTagName(
                        raw, reason: "a tag name cannot contain the control character \(ModelError.scalarName(scalar.value))")
                }
            }
        }
        return name
    }

    /// The key that makes names unique ignoring case (Unicode-aware, unlike SQLite's NOCASE).
    package static func key(_ name: String) -> String { name.lowercased() }
}
