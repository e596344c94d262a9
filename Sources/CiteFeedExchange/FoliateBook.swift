import CiteFeedModel
import CiteFeedSupport

/// GNOME's e-book reader Foliate: a JSON file per book in
/// `~/.local/share/com.github.johnfactotum.Foliate/` (under `~/.var/app/…/data/` for the
/// Flatpak), named after the book's identifier, holding `lastLocation`, `progress`, `metadata`,
/// `annotations` and `bookmarks` (Foliate's own export is the same object). Each annotation
/// with text becomes a citation: `text` → text, `note` → back, `color` → a tag (Foliate 3's
/// `underline`, `squiggly` and `strikethrough` too; an `rgb(…)` of the user's none), `created`
/// (Foliate 3, ISO 8601; empty for older ones) → created. The book: `metadata.title` (a string,
/// or a map of languages) → source; Foliate 2's `metadata.creator` (a string) or Foliate 3's
/// `author` (a string, a `{name}`, or a list of either) → author. Bookmarks (positions alone)
/// are left out and counted.
enum FoliateBook {
    static func looksLike(_ text: Substring) -> Bool {
        text.first == "{" && text.contains("\"annotations\"") && (text.contains("\"lastLocation\"") || text.contains("epubcfi("))
            && !text.contains("\"calibre_")
    }

    static func reader(name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        let document = try Importers.parseJSON(bytes, name: name)
        guard case .object = document, let annotations = (document["annotations"] ?? .array([])).arrayValue else {
            throw .malformed(name, "Foliate's book data is an object with a list of \"annotations\"")
        }
        let metadata = document["metadata"]
        let title = metadata.flatMap { text($0["title"]) }
        let author = metadata.flatMap { names($0["author"]) ?? names($0["creator"]) }.flatMap(AuthorNames.listed)
        var found = Highlights()
        found.bookmarks = document["bookmarks"]?.arrayValue?.count ?? 0
        for (i, item) in annotations.enumerated() {
            guard let body = item["text"]?.stringValue?.trimmingWhitespace(), !body.isEmpty else {
                found.empty += 1
                continue
            }
            var record = ImportRecord(location: .record(i + 1), text: body, author: author)
            record.back = item["note"]?.stringValue.trimmedNonEmpty
            record.source = title
            record.createdAt = item["created"]?.stringValue.flatMap(ImportDates.utc)
            record.updatedAt = item["modified"]?.stringValue.flatMap(ImportDates.utc)
            found.colour(item["color"]?.stringValue, of: &record)
            found.records.append(record)
        }
        return found.reader
    }

    /// A title: a string, or a map of languages (English first, else the first).
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: return Optional(s).trimmedNonEmpty
        case .object(let members)?:
            return (members.first { $0.0 == "en" } ?? members.first).flatMap { text($0.1) }
        default: return nil
        }
    }

    /// Authors: a string, a `{name}` (its name a string or a map of languages), or a list of
    /// either, joined by `, `.
    private static func names(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: return Optional(s).trimmedNonEmpty
        case .object?: return text(value?["name"])
        case .array(let items)?:
            let all = items.compactMap { names($0) }
            return all.isEmpty ? nil : all.joined(separator: ", ")
        default: return nil
        }
    }
}
