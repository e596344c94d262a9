import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Writes an export as it goes: `begin`, `add` for each citation, `finish`. The bytes are handed
/// to `emit` in blocks of about 256 KiB, so an export of any size holds one block and one
/// batch of citations, never the whole library (100k citations: 54 MB of JSON).
package struct ExportWriter {
    package static let csvHeader = [
        "id", "uuid", "text", "back", "author", "source", "tags", "favourite", "created_at", "updated_at", "archived_at",
    ]
    static let blockSize = 256 * 1024

    /// The version of citefeed's JSON document this writes; the reader takes it and every
    /// older one. 3: tags of a citation as tag objects, the card in `CardJSON`'s
    /// one form (every time RFC 3339, `reviews`). 2: a citation that is a card or
    /// was one carries `card`. 1: the first.
    package static let jsonVersion = 3
    /// For JSON and the review log: each card's mark, scheduling and answers by citation id (`Library.cardExports`).
    package var cards: [Int64: CardExchange] = [:]
    package let format: ExportFormat
    /// Citations added so far.
    package private(set) var count = 0
    private var buffer: [UInt8] = []
    private let emit: ([UInt8]) throws -> Void

    package init(_ format: ExportFormat, emit: @escaping ([UInt8]) throws -> Void) {
        self.format = format
        self.emit = emit
        buffer.reserveCapacity(ExportWriter.blockSize + 64 * 1024)
    }

    /// What comes before the first citation; `tags` (the library's tags used by the export) and
    /// `exportedAt` are for JSON.
    package mutating func begin(tags: [Tag], exportedAt: Timestamp) throws {
        switch format {
        case .json:
            // {"format":"citefeed","version":3,"exportedAt":…,"tags":[…],"citations":[…]}, pretty,
            // exactly as JSONWriter.pretty writes the whole document.
            append("{\n  \"format\": \"citefeed\",\n  \"version\": \(ExportWriter.jsonVersion),\n  \"exportedAt\": ")
            JSONWriter.writeString(exportedAt.rfc3339UTC, into: &buffer)
            append(",\n  \"tags\": ")
            JSONWriter.write(.array(tags.map(CitationJSON.tag)), into: &buffer, indent: 2)
            append(",\n  \"citations\": [")
        case .csv:
            CSV.append(ExportWriter.csvHeader, into: &buffer)
        case .anki:
            append(AnkiText.header)
        case .revlog:
            append(RevlogCSV.header.joined(separator: ",") + "\n")
        case .txt, .fortune:
            break
        }
    }

    package mutating func add(_ c: Citation) throws {
        switch format {
        case .json:
            append(count == 0 ? "\n    " : ",\n    ")
            let object = CitationJSON.citation(c, adding: cards[c.id].map { [("card", CardJSON.object($0))] } ?? [])
            JSONWriter.write(object, into: &buffer, indent: 4)
        case .csv:
            let guarded = [c.text, c.back ?? "", c.author ?? "", c.source ?? "", c.tags.map(\.name).joined(separator: ";")].map(
                CSV.formulaGuarded)
            CSV.append(
                [String(c.id), c.uuid] + guarded + [
                    c.favourite ? "true" : "false", c.createdAt.rfc3339UTC, c.updatedAt.rfc3339UTC, c.archivedAt?.rfc3339UTC ?? "",
                ], into: &buffer)
        case .txt:
            // “text” (its lines after the first indented by two spaces), the back's lines after →,
            // — author, source, [tags]; a blank line between citations (`CitefeedText`).
            if count > 0 { buffer.append(0x0A) }
            append("“" + CitefeedText.indented(c.text) + "”\n")
            if let back = c.back { append(Importers.BackLines.lines(back).joined(separator: "\n") + "\n") }
            if let words = Attribution.words(author: c.author, source: c.source) { append("— \(words)\n") }
            if !c.tags.isEmpty { append("[" + c.tags.map(\.name).joined(separator: ", ") + "]\n") }
        case .anki:
            AnkiText.note(c, into: &buffer)
        case .revlog:
            for answer in cards[c.id]?.answers ?? [] { RevlogCSV.append(id: c.id, answer, into: &buffer) }
        case .fortune:
            // strfile(1) separates entries by lines holding only %; a line of % inside a text
            // would split it, so such lines get a space (and lose it again when imported). The
            // back follows after a blank line, each of its lines after "→".
            var first = true
            for line in c.text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { buffer.append(0x0A) }
                first = false
                append(line == "%" ? "% " : line)
            }
            if let back = c.back { append("\n\n" + Importers.BackLines.lines(back).joined(separator: "\n")) }
            let last = c.back == nil ? c.text.split(separator: "\n", omittingEmptySubsequences: false).last : nil
            if let words = Attribution.words(author: c.author, source: c.source, after: last) { append("\n\t\t-- \(words)") }
            append("\n%\n")
        }
        count += 1
        if buffer.count >= ExportWriter.blockSize { try flush() }
    }

    /// What comes after the last citation; hands out what is left.
    package mutating func finish() throws {
        if format == .json { append(count == 0 ? "]\n}\n" : "\n  ]\n}\n") }
        try flush()
    }

    private mutating func append(_ text: some StringProtocol) {
        buffer.append(contentsOf: text.utf8)
    }

    private mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try emit(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
