import CiteFeedSupport

/// Invalid data given to citefeed: a citation field, a tag name or colour.
public enum ModelError: CiteFeedError, Equatable {
    case emptyText
    case tooLong(field: String, limit: Int, actual: Int)
    case controlCharacter(field: String, scalar: UInt32, position: Int)
    case invalidTagName(String, reason: String)
    case invalidColor(String)

    public var exitStatus: ExitStatus {
        switch self {
        case .invalidColor: return .usage
        default: return .dataError
        }
    }

    public var message: String {
        switch self {
        case .emptyText:
            return "The citation text is empty; give the words to keep."
        case let .tooLong(field, limit, actual):
            return "The \(field) is \(actual) characters long; at most \(limit) are allowed."
        case let .controlCharacter(field, scalar, position):
            // The author and the source are one line each; the text and the back may have several.
            let allowed = field == "author" || field == "source" ? "it is one line, where only tab is allowed" : "only tab and newline are allowed"
            return "The \(field) contains the control character \(ModelError.scalarName(scalar)) at position \(position); \(allowed)."
        case let .invalidTagName(name, reason):
            return "Invalid tag name \(quoted(name)): \(reason)."
        case let .invalidColor(color):
            return "Invalid colour \(quoted(color)); use one of \(Palette.names.joined(separator: ", ")) or #RRGGBB."
        }
    }

    static func scalarName(_ value: UInt32) -> String {
        let names: [UInt32: String] = [
            0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x0A: "LF", 0x0B: "VT", 0x0C: "FF", 0x0D: "CR", 0x1B: "ESC", 0x7F: "DEL",
        ]
        let hex = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return names[value].map { "\(code) (\($0))" } ?? code
    }
}
