/// The export formats of SPEC.md "Import and export".
public enum ExportFormat: String, CaseIterable, Sendable {
    case json, csv, txt, fortune
}

public enum Exporter {
    public static let csvHeader = [
        "id", "uuid", "text", "back", "author", "source", "tags", "favourite", "created_at", "updated_at", "archived_at",
    ]

    /// `citations` in `format`; `tags` are the library's tags used by them (for JSON).
    public static func render(_ format: ExportFormat, citations: [Citation], tags: [Tag], exportedAt: Timestamp) -> String {
        switch format {
        case .json:
            return CitefeedDocument.render(citations: citations, tags: tags, exportedAt: exportedAt)
        case .csv:
            var out = CSV.record(csvHeader)
            for c in citations {
                out += CSV.record([
                    String(c.id), c.uuid, c.text, c.back ?? "", c.author ?? "", c.source ?? "", c.tags.map(\.name).joined(separator: ";"),
                    c.favourite ? "true" : "false", c.createdAt.rfc3339UTC, c.updatedAt.rfc3339UTC, c.archivedAt?.rfc3339UTC ?? "",
                ])
            }
            return out
        case .txt:
            return citations.map { c in
                var lines = ["“\(c.text)”"]
                let attribution = PickSnapshot(c).attribution
                if !attribution.isEmpty { lines.append("— " + attribution) }
                if !c.tags.isEmpty { lines.append("[" + c.tags.map(\.name).joined(separator: ", ") + "]") }
                return lines.joined(separator: "\n") + "\n"
            }.joined(separator: "\n")
        case .fortune:
            // strfile(1) separates entries by lines holding only %; a line of % inside a text
            // would split it, so such lines get a space.
            return citations.map { c in
                var text = c.text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0 == "%" ? "% " : String($0) }.joined(separator: "\n")
                let attribution = PickSnapshot(c).attribution
                if !attribution.isEmpty { text += "\n\t\t-- " + attribution }
                return text + "\n%\n"
            }.joined()
        }
    }
}
