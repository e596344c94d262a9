import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Anki's notes as text (the format of Anki 2.1.55 and later, "Notes in Plain Text"): header
/// lines `#separator:tab`, `#html:false`, `#tags column:3`, then a note per line, fields quoted
/// as in CSV where they hold the separator, a quote or a line break.
///
/// citefeed writes front (the text), back (the back side, then the attribution on a line of its
/// own, `— Author, Source`) and tags (separated by spaces, as Anki's are; a space inside a tag
/// becomes `_`, since Anki's tags have none). It reads any such file: the `#separator`,
/// `#html`, `#tags column`, `#guid column`, `#notetype column` and `#deck column` headers; the
/// first field left is the front and the next the back; HTML (with `#html:true`, Anki's default)
/// becomes text: line breaks and blocks as new lines, an image as `[image: NAME]` (the image
/// itself is not in the file), other tags dropped, entities decoded.
enum AnkiText {
    static let header = "#separator:tab\n#html:false\n#tags column:3\n"
    /// The header lines Anki writes and reads (`#key:value`).
    static let headers: Set<String> = [
        "separator", "html", "tags", "columns", "notetype", "deck", "tags column", "guid column", "notetype column", "deck column",
        "if matches",
    ]

    /// One citation as a note.
    static func note(_ c: Citation, into out: inout [UInt8]) {
        var back = c.back ?? ""
        let last = back.split(separator: "\n", omittingEmptySubsequences: false).last
        if let words = Attribution.words(author: c.author, source: c.source, after: last) {
            back += (back.isEmpty ? "" : "\n\n") + "— " + words
        }
        let tags = c.tags.map { $0.name.replacing(" ", with: "_") }.joined(separator: " ")
        CSV.append([c.text, back, tags], into: &out, separator: 0x09, lineEnd: [0x0A])
    }

    /// Whether `text` starts as Anki's notes in plain text do.
    static func looksLike(_ text: some StringProtocol) -> Bool {
        text.hasPrefix("#separator:") || text.hasPrefix("#html:") || text.hasPrefix("#notetype") || text.hasPrefix("#deck")
            || text.hasPrefix("#tags") || text.hasPrefix("#guid") || text.hasPrefix("#columns:")
    }

    static func records(name: String, bytes: [UInt8]) throws(ImportError) -> [ImportRecord] {
        var separator: UInt8 = 0x09
        var html = true
        var meta: Set<Int> = []
        var tagsColumn: Int?
        // The header lines.
        var start = 0
        var headerLines = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: "#") {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = String(decoding: bytes[start..<end], as: UTF8.self).trimmingWhitespace().lowercased()
            // Only Anki's own headers: a note may start with # too.
            guard let colon = line.firstIndex(of: ":"), case let key = String(line[line.index(after: line.startIndex)..<colon]),
                AnkiText.headers.contains(key)
            else { break }
            let value = String(line[line.index(after: colon)...]).trimmingWhitespace()
            switch key {
            case "separator":
                let names: [String: UInt8] = ["tab": 0x09, "comma": 0x2C, "semicolon": 0x3B, "space": 0x20, "pipe": 0x7C, "colon": 0x3A]
                guard let byte = names[value] ?? (value.utf8.count == 1 ? value.utf8.first : nil) else {
                    throw .malformed(
                        name, "line \(headerLines + 1): Anki's #separator is tab, comma, semicolon, space, pipe, colon or one character")
                }
                separator = byte
            case "html": html = value == "true"
            case "tags column": tagsColumn = Int(value).map { $0 - 1 }
            case "guid column", "notetype column", "deck column": if let n = Int(value) { meta.insert(n - 1) }
            default: break
            }
            if let column = tagsColumn { meta.insert(column) }
            headerLines += 1
            start = end + 1
        }
        var rows = CSV.Reader(Array(bytes[min(start, bytes.count)...]), separator: separator)
        var records: [ImportRecord] = []
        while true {
            let next: CSV.Record?
            do throws(CSV.Failure) { next = try rows.next() } catch {
                throw .malformed(name, "line \(error.line + headerLines): \(error.reason)")
            }
            guard let row = next else { break }
            let fields = row.fields.indices.filter { !meta.contains($0) }.map { html ? text(ofHTML: row.fields[$0]) : row.fields[$0] }
            var r = ImportRecord(location: .line(row.line + headerLines), text: fields.first)
            var back = fields.count > 1 ? fields[1] : ""
            // citefeed's own attribution line at the end of the back.
            var lines = back.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let last = lines.last, last.hasPrefix("— "), let (author, source, _) = Importers.attribution(["", last]) {
                (r.author, r.source) = (author, source)
                lines.removeLast()
                back = lines.joined(separator: "\n").trimmingWhitespace()
            }
            r.back = back.isEmpty ? nil : back
            if let column = tagsColumn, column < row.fields.count {
                r.tags = row.fields[column].split(separator: " ").map(String.init)
            }
            records.append(r)
        }
        return records
    }

    /// The text of Anki's HTML: `<br>` and blocks as new lines, other tags dropped, entities
    /// decoded.
    static func text(ofHTML html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var out = ""
        var i = html.startIndex
        while i < html.endIndex {
            let c = html[i]
            if c == "<", let close = html[i...].firstIndex(of: ">") {
                let tag = html[html.index(after: i)..<close].lowercased()
                let name = tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })
                // A block (opening or closing) starts a new line, as Anki shows it.
                if (name == "style" || name == "script") && !tag.hasPrefix("/") {
                    // What a browser does not show (Anki's card styles, scripts) stays out.
                    var j = html.index(after: close)
                    let closing = "</" + name
                    while j < html.endIndex, !html[j...].prefix(closing.count).lowercased().hasPrefix(closing) {
                        j = html.index(after: j)
                    }
                    let end = html[j...].firstIndex(of: ">")
                    i = end.map { html.index(after: $0) } ?? html.endIndex
                    continue
                }
                if name == "br" {
                    out += "\n"
                } else if name == "img" {
                    // An image cannot come along; its name says that it was there.
                    let attributes = html[html.index(after: i)..<close]
                    if let src = attributes.firstRange(of: "src=\"").map({ attributes[$0.upperBound...].prefix(while: { $0 != "\"" }) }) {
                        out += "[image: \(src)]"
                    }
                } else if ["div", "p", "li", "tr", "h1", "h2", "h3"].contains(String(name)), !out.isEmpty, !out.hasSuffix("\n") {
                    out += "\n"
                }
                i = html.index(after: close)
            } else if c == "&", let semi = html[i...].prefix(10).firstIndex(of: ";"),
                let decoded = entity(html[html.index(after: i)..<semi])
            {
                out.append(decoded)
                i = html.index(after: semi)
            } else {
                out.append(c)
                i = html.index(after: i)
            }
        }
        return out.trimmingWhitespace()
    }

    private static func entity(_ name: Substring) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return " "
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
