import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// KOReader's sidecar, `BOOK.sdr/metadata.EXT.lua`: the book's settings and its highlights,
/// written as a Lua table (read by `LuaData`, which runs nothing).
///
/// Two layouts: since 2024 `annotations`, a list of entries (a highlight has `pos0`; one
/// without is a page bookmark, whose text KOReader made up: "in Chapter 3"); before, `highlight`
/// (by page, then a list) beside `bookmarks` (the passage in `notes`, the user's note in
/// `text`, unless `text` is KOReader's own "Page 7 … @ date"). A file may hold both layouts:
/// `annotations` wins and the others are not read again. Each highlight becomes a citation:
/// passage → text, note → back, `doc_props` (or `stats`) title → source, with the chapter after
/// " — ", authors (one a line, `Last, First` turned round as for Kindle) → author, joined with
/// "; ", `datetime` → created (local time);
/// its colour, when KOReader recorded one, becomes a tag of that name.
enum KOReaderSidecar {
    /// Whether `bytes` look like a sidecar: Lua data returning a table that has a key KOReader
    /// writes into every sidecar.
    static func looksLike(name: String, bytes: [UInt8]) -> Bool {
        // By its name first, before the content is looked at: a KOReader home has thousands.
        let lower = name.lowercased()
        if lower.hasSuffix(".lua") && lower.contains("metadata.") { return true }
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let body = text.split(separator: "\n").drop { $0.hasPrefix("--") || $0.allSatisfy(\.isWhitespace) }.first ?? ""
        return body.hasPrefix("return {")
    }

    static func reader(name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        let value: LuaValue
        do throws(LuaData.Failure) { value = try LuaData.parse(bytes) } catch {
            throw .malformed(name, "line \(error.line): \(error.reason)")
        }
        guard value.isTable else { throw .malformed(name, "a KOReader sidecar returns a table") }
        return highlights(value).reader
    }

    /// The book's title and author: `doc_props`, else `stats` (which repeats them).
    private static func book(_ sidecar: LuaValue) -> (title: String?, author: String?) {
        func field(_ key: String) -> String? {
            for table in [sidecar["doc_props"], sidecar["stats"]] {
                if let s = table?[key]?.string?.trimmingWhitespace(), !s.isEmpty { return s }
            }
            return nil
        }
        // One a line, each perhaps `Last, First` (or several of those separated by `;`).
        let authors = field("authors")?.split(whereSeparator: \.isNewline).joined(separator: ";")
        return (field("title"), authors.flatMap { KindleClippings.cleanAuthor(String($0)) })
    }

    static func highlights(_ sidecar: LuaValue) -> Highlights {
        let (title, author) = book(sidecar)
        var found = Highlights()
        /// `number`: the entry's place in its table, for messages.
        func add(_ number: Int, text: String?, note: String?, chapter: String?, datetime: String?, colour: String?) {
            guard let text = text?.trimmingWhitespace(), !text.isEmpty else {
                found.empty += 1
                return
            }
            var record = ImportRecord(location: .record(number), text: text, author: author)
            record.back = note.trimmedNonEmpty
            record.source = Highlights.source(title, chapter)
            record.createdAt = datetime.flatMap(ImportDates.parse)
            found.colour(colour, of: &record)
            found.records.append(record)
        }
        if let annotations = sidecar["annotations"], annotations.isTable {
            for (index, entry) in annotations.list.enumerated() {
                guard entry["pos0"] != nil else {
                    found.bookmarks += 1
                    continue
                }
                add(
                    index + 1, text: entry["text"]?.string, note: entry["note"]?.string, chapter: entry["chapter"]?.string,
                    datetime: entry["datetime"]?.string, colour: entry["color"]?.string)
            }
        } else {
            let marks = sidecar["bookmarks"]?.list ?? []
            /// The user's note on the bookmark of a highlight: its `text`, unless KOReader wrote it.
            func note(_ mark: LuaValue) -> String? {
                guard let text = mark["text"]?.string, !text.isEmpty else { return nil }
                if let passage = mark["notes"]?.string, !passage.isEmpty, text.contains(passage) { return nil }
                if let datetime = mark["datetime"]?.string, text.hasSuffix("@ " + datetime) { return nil }
                return text
            }
            let highlights = (sidecar["highlight"]?.list ?? []).flatMap(\.list)
            if !highlights.isEmpty {
                var used = Set<Int>()
                for (number, h) in highlights.enumerated() {
                    // Its bookmark: the same start, else the same moment.
                    let index =
                        marks.indices.first { !used.contains($0) && h["pos0"] != nil && marks[$0]["pos0"] == h["pos0"] }
                        ?? marks.indices.first { !used.contains($0) && h["datetime"] != nil && marks[$0]["datetime"] == h["datetime"] }
                    if let index { used.insert(index) }
                    add(
                        number + 1, text: h["text"]?.string, note: index.flatMap { note(marks[$0]) }, chapter: h["chapter"]?.string,
                        datetime: h["datetime"]?.string, colour: h["color"]?.string)
                }
                found.bookmarks += marks.indices.filter { !used.contains($0) && marks[$0]["highlighted"] != .boolean(true) }.count
            } else {
                for (index, mark) in marks.enumerated() {
                    guard mark["highlighted"] == .boolean(true) || mark["pos0"] != nil else {
                        found.bookmarks += 1
                        continue
                    }
                    add(
                        index + 1, text: mark["notes"]?.string, note: note(mark), chapter: mark["chapter"]?.string,
                        datetime: mark["datetime"]?.string, colour: mark["color"]?.string)
                }
            }
        }
        return found
    }
}
