import CiteFeedModel
import CiteFeedSupport

/// A page of an Obsidian or Markdown notes folder as it is on disk, read into the parts
/// citefeed owns and the user's: the front matter (Obsidian), what is above the region
/// citefeed writes in (`<!-- citefeed:begin KEY -->` … `<!-- citefeed:end -->`), the region's
/// items (each citation's block, found by its id, the "Archived" heading, and the user's text
/// between them) and what is below it. `merged` puts the library's blocks back in, keeping
/// every line of the user's where it was.
struct NotesPageText {
    var frontMatter: [Substring]?
    var above: [Substring] = []
    /// The page's key, from the begin marker.
    var key: String?
    var items: [NotesItem] = []
    var below: [Substring] = []

    static let endMarker = "<!-- citefeed:end -->"
    private static let beginPrefix = "<!-- citefeed:begin"

    static func beginMarker(_ key: String) -> String { "\(beginPrefix) \(markerText(key)) -->" }

    /// Markdown's id of a block: a comment before it (Obsidian's is its `^cf-…`).
    static func blockComment(_ uuid: String) -> String { "<!-- cf:\(uuid.lowercased()) -->" }

    /// Reads a page; `nil` with the problem when its markers are broken.
    static func parse(_ text: String, format: NotesFormat) -> Result<NotesPageText, NotesPageProblem> {
        var page = NotesPageText()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        var i = 0
        if format.hasFrontMatter, lines.first.map(trimmed) == "---" {
            guard let close = lines.indices.dropFirst().first(where: { trimmed(lines[$0]) == "---" || trimmed(lines[$0]) == "..." }) else {
                return .failure(.unclosedFrontMatter)
            }
            page.frontMatter = Array(lines[1..<close])
            i = close + 1
        }
        guard let begin = lines.indices.dropFirst(i).first(where: { trimmed(lines[$0]).hasPrefix(beginPrefix) }) else {
            if let end = lines.indices.dropFirst(i).first(where: { trimmed(lines[$0]) == endMarker }) {
                return .failure(.endWithoutBegin(line: end + 1))
            }
            return .failure(.noRegion)
        }
        if let end = lines[i..<begin].firstIndex(where: { trimmed($0) == endMarker }) { return .failure(.endWithoutBegin(line: end + 1)) }
        page.above = Array(lines[i..<begin])
        page.key = keyText(trimmed(lines[begin]))
        guard let end = lines.indices.dropFirst(begin + 1).first(where: { trimmed(lines[$0]) == endMarker }) else {
            return .failure(.beginWithoutEnd(line: begin + 1))
        }
        if let second = lines[(begin + 1)...].firstIndex(where: { trimmed($0).hasPrefix(beginPrefix) }) {
            return .failure(.secondBegin(line: second + 1))
        }
        if let extra = lines[(end + 1)...].firstIndex(where: { trimmed($0) == endMarker }) {
            return .failure(.endWithoutBegin(line: extra + 1))
        }
        page.below = Array(lines[(end + 1)...])
        switch regionItems(Array(lines[(begin + 1)..<end]), format: format) {
        case .success(let items): page.items = items
        case .failure(let problem): return .failure(problem)
        }
        return .success(page)
    }

    /// The region's lines as items. Obsidian: a block is a run of `>` lines, a blank line and
    /// its `^cf-UUID` line; Markdown: a `<!-- cf:UUID -->` line and the run of `>` lines after it.
    private static func regionItems(_ lines: [Substring], format: NotesFormat) -> Result<[NotesItem], NotesPageProblem> {
        var items: [NotesItem] = []
        var seen: Set<String> = []
        var text: [Substring] = []
        func flushText() {
            while text.first.map({ trimmed($0).isEmpty }) == true { text.removeFirst() }
            while text.last.map({ trimmed($0).isEmpty }) == true { text.removeLast() }
            if !text.isEmpty { items.append(.text(text)) }
            text = []
        }
        var i = 0
        while i < lines.count {
            let line = trimmed(lines[i])
            if line == NotesRenderer.archivedHeading && !items.contains(.archivedHeading) {
                flushText()
                items.append(.archivedHeading)
                i += 1
                continue
            }
            if format == .obsidian, let uuid = obsidianID(line) {
                // Take back the quote above it from the user's text: the blank line(s), then `>` lines.
                var start = text.count
                while start > 0 && trimmed(text[start - 1]).isEmpty { start -= 1 }
                while start > 0 && text[start - 1].hasPrefix(">") { start -= 1 }
                text.removeSubrange(start...)
                guard seen.insert(uuid).inserted else { return .failure(.blockTwice(uuid)) }
                flushText()
                items.append(.block(uuid))
                i += 1
                continue
            }
            if format == .markdown, let uuid = commentID(line) {
                guard seen.insert(uuid).inserted else { return .failure(.blockTwice(uuid)) }
                flushText()
                items.append(.block(uuid))
                i += 1
                while i < lines.count && lines[i].hasPrefix(">") { i += 1 }
                continue
            }
            text.append(lines[i])
            i += 1
        }
        flushText()
        return .success(items)
    }

    /// The uuid of an Obsidian block id line `^cf-UUID`.
    private static func obsidianID(_ line: Substring) -> String? {
        guard line.hasPrefix("^cf-") else { return nil }
        let id = line.dropFirst(4)
        return UUIDString.bits(of: String(id)) != nil ? String(id).lowercased() : nil
    }

    /// The uuid of a Markdown block comment `<!-- cf:UUID -->`.
    private static func commentID(_ line: Substring) -> String? {
        guard line.hasPrefix("<!-- cf:"), line.hasSuffix(" -->") else { return nil }
        let id = line.dropFirst(8).dropLast(4)
        return UUIDString.bits(of: String(id)) != nil ? String(id).lowercased() : nil
    }

    private static func trimmed(_ line: Substring) -> Substring {
        var line = line
        while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
        return line
    }

    /// `markerText` undone (only `%XX` of ASCII, as it writes).
    private static func percentDecoded(_ s: String) -> String {
        var out: [UInt8] = []
        let bytes = Array(s.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
                let value = UInt8(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
            {
                out.append(value)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A key in a comment: `%`, `-` and `>` percent-encoded, so that no key ends the comment.
    private static func markerText(_ key: String) -> String {
        var out = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "-": out += "%2D"
            case ">": out += "%3E"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func keyText(_ marker: Substring) -> String? {
        guard marker.hasSuffix(" -->") else { return nil }
        let encoded = String(marker.dropFirst(beginPrefix.count).dropLast(4)).trimmingWhitespace()
        guard !encoded.isEmpty else { return nil }
        return percentDecoded(encoded)
    }
}
