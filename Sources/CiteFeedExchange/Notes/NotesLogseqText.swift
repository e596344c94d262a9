import CiteFeedModel
import CiteFeedSupport

/// A Logseq page as it is on disk (Logseq rewrites a page in its own way whenever it is edited
/// there, so nothing but blocks and properties survives in it): the page properties (the
/// `key:: value` lines before the first block), then the top-level blocks. A block is
/// citefeed's when its properties hold `id::` of one of the page's citations (or
/// `citefeed:: archived`, the "Archived" heading); its own lines are its first line, its
/// properties and its text, and the child blocks the user nested under it are the user's,
/// kept after it. Every other block is the user's.
struct NotesLogseqText {
    /// The page properties' lines (and anything else before the first block).
    var properties: [Substring] = []
    var items: [NotesItem] = []
    /// The properties the user (or Logseq: `collapsed:: true`) gave citefeed's blocks, by uuid:
    /// kept when the block is written anew.
    var extraProperties: [String: [String]] = [:]

    /// The property of the "Archived" heading block.
    static let archivedProperty = "citefeed:: archived"

    /// Reads a page; `known` are the uuids whose blocks are citefeed's.
    static func parse(_ text: String, known: Set<String>) -> Result<NotesLogseqText, NotesPageProblem> {
        var page = NotesLogseqText()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last.map({ $0.allSatisfy(\.isWhitespace) }) == true { lines.removeLast() }
        var i = 0
        while i < lines.count && !startsBlock(lines[i]) {
            page.properties.append(lines[i])
            i += 1
        }
        while page.properties.last.map({ $0.allSatisfy(\.isWhitespace) }) == true { page.properties.removeLast() }
        var seen: Set<String> = []
        var heading = false
        while i < lines.count {
            var end = i + 1
            while end < lines.count && !startsBlock(lines[end]) { end += 1 }
            let block = lines[i..<end]
            // Its own lines end at its first child, or at a line typed at the margin that starts
            // no block (Logseq would take it into the block; it is the user's, as is what follows).
            let ownEnd =
                block.indices.dropFirst().first {
                    isChild(block[$0]) || (!block[$0].isEmpty && block[$0].first != " " && block[$0].first != "\t")
                }
                ?? end
            let properties = block[(i + 1)..<ownEnd].prefix { isProperty($0) }.map { String($0).trimmingWhitespace() }
            let id = properties.first { $0.hasPrefix("id:: ") }.map { String($0.dropFirst(5)).trimmingWhitespace().lowercased() }
            if let id, known.contains(id) {
                guard seen.insert(id).inserted else { return .failure(.blockTwice(id)) }
                let extra = properties.filter { !$0.hasPrefix("id::") }
                if !extra.isEmpty { page.extraProperties[id] = extra }
                page.items.append(.block(id))
                if ownEnd < end { page.items.append(.text(Array(lines[ownEnd..<end]))) }
            } else if !heading && properties.contains(archivedProperty) {
                heading = true
                page.items.append(.archivedHeading)
                if ownEnd < end { page.items.append(.text(Array(lines[ownEnd..<end]))) }
            } else {
                page.items.append(.text(Array(block)))
            }
            i = end
        }
        return .success(page)
    }

    /// A top-level block's first line: `-` and a space (or nothing), or a Markdown heading.
    static func startsBlock(_ line: Substring) -> Bool {
        if line == "-" || line.hasPrefix("- ") || line.hasPrefix("-\t") { return true }
        let hashes = line.prefix { $0 == "#" }
        return !hashes.isEmpty && (line.count == hashes.count || line.dropFirst(hashes.count).first == " ")
    }

    /// A line of a child block: indented, then `-` and a space (or nothing).
    private static func isChild(_ line: Substring) -> Bool {
        guard line.first == " " || line.first == "\t" else { return false }
        let rest = line.drop { $0 == " " || $0 == "\t" }
        return rest == "-" || rest.hasPrefix("- ") || rest.hasPrefix("-\t")
    }

    /// A `key:: value` line (a key without spaces or colons).
    static func isProperty(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let range = trimmed.range(of: "::") else { return false }
        let key = trimmed[..<range.lowerBound]
        let after = trimmed[range.upperBound...]
        return !key.isEmpty && !key.contains(where: { $0 == ":" || $0.isWhitespace }) && (after.isEmpty || after.first == " ")
    }

    /// The page properties with citefeed's (`ours`, by key) in place of its own old ones, each
    /// where it was (new ones after the others), and every other line as it was.
    static func mergedProperties(_ lines: [Substring], ours: [(key: String, line: String)]) -> [String] {
        var out: [String] = []
        var placed: Set<String> = []
        for line in lines {
            let trimmed = String(line).trimmingWhitespace()
            if isProperty(line), let key = ours.first(where: { trimmed.hasPrefix($0.key + "::") }) {
                if placed.insert(key.key).inserted { out.append(key.line) }
            } else {
                out.append(String(line))
            }
        }
        return out + ours.filter { !placed.contains($0.key) }.map(\.line)
    }

    /// The value of page property `key`, if the page has it.
    func property(_ key: String) -> String? {
        for line in properties where NotesLogseqText.isProperty(line) {
            let trimmed = String(line).trimmingWhitespace()
            if trimmed.hasPrefix(key + "::") { return String(trimmed.dropFirst(key.count + 2)).trimmingWhitespace() }
        }
        return nil
    }
}
