import CiteFeedSupport

/// Invalid data given to citefeed: a citation field, a tag name or colour.
/// Data only; the front end words it.
package enum ModelError: Error, Equatable, Sendable {
    case emptyText
    case tooLong(field: String, limit: Int, actual: Int)
    /// More UTF-8 bytes than the field's limit allows (`CitationInput.bytesPerCharacter`).
    case tooManyBytes(field: String, limit: Int, actual: Int)
    /// A character carrying more combining marks than `CitationInput.maxMarks`.
    case tooManyMarks(field: String, marks: Int, position: Int)
    case controlCharacter(field: String, scalar: UInt32, position: Int)
    case invalidTagName(String, reason: String)
    case invalidColor(String)

    /// `U+001B (ESC)`: a code point named for a message.
    package static func scalarName(_ value: UInt32) -> String {
        let names: [UInt32: String] = [
            0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x0A: "LF", 0x0B: "VT", 0x0C: "FF", 0x0D: "CR", 0x1B: "ESC", 0x7F: "DEL",
        ]
        let hex = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return names[value].map { "\(code) (\($0))" } ?? code
    }
}
