import CiteFeedModel
import CiteFeedSupport

extension Optional<String> {
    /// The text trimmed, or nil when there is none: what a reader's note or passage gives.
    var trimmedNonEmpty: String? {
        guard let text = self?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return text
    }
}

/// The highlights an e-reader's file gives, as they are read: the records, what was left out
/// (bookmarks, empty highlights) and the highlight colours, each kept as a tag of its name,
/// coloured as the palette has it (KOReader's other shades as hex).
struct Highlights {
    var records: [ImportRecord] = []
    var bookmarks = 0
    var empty = 0
    /// Other kinds left out, with how many ("page note", 2), in the order they are said.
    var others: [(String, Int)] = []
    private var colours: [String] = []

    /// Tags `record` with the highlight colour `name` (any case), when it is a tag name.
    mutating func colour(_ name: String?, of record: inout ImportRecord) {
        guard let colour = name?.trimmingWhitespace().lowercased(), !colour.isEmpty, (try? Tag.validateName(colour)) != nil else { return }
        record.tags = [colour]
        if !colours.contains(colour) { colours.append(colour) }
    }

    /// What was left out, with how many, for the import's note.
    var skipped: [(String, Int)] { ([("bookmark", bookmarks), ("empty highlight", empty)] + others).filter { $0.1 > 0 } }

    var tags: [Tag] { colours.map { Tag(name: $0, color: Palette.names.contains($0) ? $0 : Highlights.otherColours[$0] ?? "#808080") } }

    /// A reader of them, for `import`.
    var reader: ImportReader { ImportReader(records: records, skipped: skipped, tags: tags) }

    /// The source line of a highlight: the book's title, then what is known of where in it
    /// (the chapter, the page), after " — "; nil when nothing is known.
    static func source(_ parts: String?...) -> String? {
        let known = parts.compactMap(\.trimmedNonEmpty)
        return known.isEmpty ? nil : known.joined(separator: " — ")
    }

    /// Highlight colours that are not in citefeed's palette, as hex.
    private static let otherColours = [
        "gray": "#808080", "grey": "#808080", "olive": "#808000", "cyan": "#00B7EB", "white": "#FFFFFF", "magenta": "#E56EEE",
    ]
}
