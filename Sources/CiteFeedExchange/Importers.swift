import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Readers for each import format; each turns the file into records.
package enum Importers {
    /// Picks the format from the file name and the content (its first 64 KiB, which hold
    /// whatever tells one format from another).
    package static func detect(name: String, bytes: [UInt8]) -> ImportFormat? {
        let lower = name.lowercased()
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".fortune") { return .fortune }
        if KOReaderSidecar.looksLike(name: name, bytes: bytes) { return .koreader }
        let text = String(decoding: bytes.prefix(65536), as: UTF8.self)
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        // citefeed's own export first: a tag named "calibre_highlights" is no calibre file.
        let citefeedJSON = trimmed.first == "{" && trimmed.contains("\"format\"") && trimmed.contains("\"citefeed\"")
        if !citefeedJSON, KOReaderExport.looksLike(trimmed) { return .koreader }
        if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") { return .markdown }
        if AnkiText.looksLike(trimmed) { return .anki }
        if trimmed.first == "<", KindleNotebook.looksLike(text) { return .notebook }
        if trimmed.first == "<", PlayBooks.looksLike(html: text) { return .playbooks }
        if !citefeedJSON, Bookcision.looksLike(trimmed) { return .bookcision }
        if !citefeedJSON, CalibreHighlights.looksLike(trimmed) { return .calibre }
        if !citefeedJSON, FoliateBook.looksLike(trimmed) { return .foliate }
        if !citefeedJSON, Hypothesis.looksLike(trimmed) { return .hypothesis }
        if lower.hasSuffix(".json") || trimmed.first == "{" || trimmed.first == "[" {
            return trimmed.contains("\"quotes\"") && !trimmed.contains("\"citefeed\"") ? .dummyjson : .json
        }
        if KindleClippings.looksLike(text) { return .clippings }
        let firstLine = trimmed.prefix(while: { !$0.isNewline }).lowercased()
        if firstLine.hasPrefix("id,uuid,text") || firstLine.hasPrefix("highlight,") { return .csv }
        // A header naming a column of text.
        var header = CSV.Reader(Array(firstLine.utf8))
        if firstLine.contains(","), let fields = (try? header.next())??.fields, ImportFields.indexes(of: fields)[.text] != nil {
            return .csv
        }
        // citefeed's own txt export before fortune: a citation with a line "%" is no fortune file.
        if trimmed.first == "“", CitefeedText.looksLike(text, cut: bytes.count > 65536) { return .txt }
        if text.split(whereSeparator: \.isNewline).contains("%") { return .fortune }
        return nil
    }

    /// The format of a file that is not text (which `detect` is not given): a zip is an Anki
    /// package (named `.apkg` or `.colpkg`, or holding a collection) or a `.docx`, Play Books' notes.
    package static func detectBinary(name: String, bytes: [UInt8]) -> ImportFormat? {
        guard ZipArchive.looksLike(bytes) else { return nil }
        return AnkiPackage.looksLike(name: name, bytes: bytes) ? .apkg : .playbooks
    }

    /// A reader of the SQLite database at `path` (called `name` in messages), read from a copy
    /// (`ForeignDatabase`): Kobo's, Apple Books' or Zotero's, found from its tables unless
    /// `format` says; with the format it was read as.
    package static func database(path: String, name: String, format: ImportFormat) throws -> (ImportFormat, ImportReader) {
        try ForeignDatabase.reading(path, name: name) { db in
            let tables = try ForeignDatabase.tables(db, name: name)
            let chosen: ImportFormat
            if format.isDatabase {
                chosen = format
            } else if KoboDatabase.looksLike(tables: tables) {
                chosen = .kobo
            } else if AppleBooksDatabase.looksLike(tables: tables) {
                chosen = .applebooks
            } else if ZoteroDatabase.looksLike(tables: tables) {
                chosen = .zotero
            } else {
                throw ImportError.malformed(
                    name,
                    "it is an SQLite database, but not one citefeed reads (Kobo's KoboReader.sqlite, Apple Books' AEAnnotation or Zotero's zotero.sqlite)"
                )
            }
            let found: Highlights
            switch chosen {
            case .applebooks: found = try AppleBooksDatabase.highlights(db, path: path, name: name)
            case .zotero: found = try ZoteroDatabase.highlights(db, name: name)
            default: found = try KoboDatabase.highlights(db, name: name)
            }
            return (chosen, found.reader)
        }
    }

    /// The JSON document of a highlight file, or why it is not one.
    static func parseJSON(_ bytes: [UInt8], name: String) throws(ImportError) -> JSONValue {
        do throws(JSONParser.Failure) { return try JSONParser.parse(bytes) } catch { throw .malformed(name, error.message) }
    }

    /// A reader of `bytes` (valid UTF-8, or a binary format's bytes as they are) as `format`. Errors found before the first record
    /// (malformed JSON, a CSV header that is neither citefeed's nor Readwise's) are thrown here.
    package static func reader(_ format: ImportFormat, name: String, bytes: [UInt8]) throws(ImportError) -> ImportReader {
        switch format {
        case .auto: throw .unknownFormat(name)
        case .json, .dummyjson: return json(name: name, bytes: bytes)
        case .csv: return try csv(name: name, bytes: bytes)
        case .txt: return ImportReader(records: try CitefeedText.records(name: name, text: String(decoding: bytes, as: UTF8.self)))
        case .fortune: return ImportReader(records: fortune(String(decoding: bytes, as: UTF8.self)))
        case .markdown: return ImportReader(records: markdown(String(decoding: bytes, as: UTF8.self)))
        case .anki: return ImportReader(records: try AnkiText.records(name: name, bytes: bytes))
        case .clippings:
            let (records, skipped) = KindleClippings.records(String(decoding: bytes, as: UTF8.self))
            return ImportReader(records: records, skipped: skipped)
        case .koreader:
            // The sidecar, or one of KOReader's exports (JSON, Markdown, HTML), told by how it begins.
            let text = String(decoding: bytes.prefix(4096), as: UTF8.self).drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
            if text.first == "{" { return try KOReaderExport.json(name: name, bytes: bytes) }
            if text.hasPrefix("# ") { return KOReaderExport.markdown(String(decoding: bytes, as: UTF8.self)) }
            if text.first == "<" { return KOReaderExport.html(String(decoding: bytes, as: UTF8.self)) }
            return try KOReaderSidecar.reader(name: name, bytes: bytes)
        case .notebook:
            return KindleNotebook.highlights(String(decoding: bytes, as: UTF8.self)).reader
        case .bookcision: return try Bookcision.reader(name: name, bytes: bytes)
        case .hypothesis: return try Hypothesis.reader(name: name, bytes: bytes)
        case .calibre: return try CalibreHighlights.reader(name: name, bytes: bytes)
        case .foliate: return try FoliateBook.reader(name: name, bytes: bytes)
        case .kobo, .applebooks, .zotero:
            throw .malformed(name, "a \(format.rawValue) database is read from its file, not from standard input or an address")
        case .revlog:
            throw .malformed(name, "a review log adds answers to the library's cards: import it by name with --format revlog")
        case .apkg:
            do { return try AnkiPackage.reader(name: name, bytes: bytes) } catch let error as ImportError { throw error } catch {
                throw .malformed(name, String(describing: error))
            }
        case .playbooks:
            if ZipArchive.looksLike(bytes) { return try PlayBooks.docx(name: name, bytes: bytes) }
            return PlayBooks.html(String(decoding: bytes, as: UTF8.self))
        }
    }
}

extension String {
    /// The lines of a text file, split at LF and at CRLF (one `Character`, which splitting at
    /// "\n" alone would miss). Split by bytes: a line feed is always a character of its own
    /// (or the end of CRLF), and walking characters cost a tenth of a Kindle import.
    var lines: [Substring] {
        let bytes = utf8
        var result: [Substring] = []
        var start = bytes.startIndex
        var i = start
        while i != bytes.endIndex {
            if bytes[i] == 0x0A {
                var end = i
                if end != start, bytes[bytes.index(before: end)] == 0x0D { end = bytes.index(before: end) }
                result.append(Substring(bytes[start..<end]))
                start = bytes.index(after: i)
            }
            i = bytes.index(after: i)
        }
        result.append(Substring(bytes[start..<bytes.endIndex]))
        return result
    }

    func splitting(on separator: String) -> [String] {
        split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }
}

extension Importers {
    /// A reader of `raw`, the bytes of the file `source` (called `name` in messages): a zip as
    /// the binary format it is, anything else decoded as text first, in `format` or the one
    /// found from its name and content (`.auto`).
    /// `note` is told how the file was read, when that needs saying (its encoding).
    package static func open(
        _ raw: [UInt8], name: String, source: String, format: ImportFormat, note: (String) -> Void
    ) throws -> (ImportFormat, ImportReader) {
        if let binary = Importers.detectBinary(name: source, bytes: raw), format == .auto || format == binary {
            return (binary, try Importers.reader(binary, name: name, bytes: raw))
        }
        let decoded: ImportText.Decoded
        do throws(ImportText.Failure) { decoded = try ImportText.decode(raw) } catch { throw ImportError.binary(name) }
        let bytes = decoded.bytes
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { throw ImportError.empty(name) }
        if let said = decoded.note { note(said) }
        guard let detected = format == .auto ? Importers.detect(name: source, bytes: bytes) : format else {
            throw ImportError.unknownFormat(name)
        }
        if detected == .calibre, let book = CalibreHighlights.viewerBook(annotations: source) {
            return (detected, try CalibreHighlights.reader(name: name, bytes: bytes, book: book))
        }
        return (detected, try Importers.reader(detected, name: name, bytes: bytes))
    }
}
