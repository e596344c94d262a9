import CiteFeedModel
import CiteFeedSupport

/// An Obsidian page's front matter as entries: a top-level `key:` line with the lines under it
/// (a list's `- ` items, a block scalar's lines). citefeed replaces its own entries (author,
/// source, tags, citefeed-page, citefeed-uuids) and keeps every other line where it was; in
/// `tags` it keeps the tags the user added (those it did not write last time).
enum NotesFrontMatter {
    /// The entries of front matter lines, in order; lines before the first key (comments) are
    /// an entry of their own without a key.
    static func entries(_ lines: [Substring]) -> [(key: String?, lines: [Substring])] {
        var out: [(key: String?, lines: [Substring])] = []
        for line in lines {
            if let key = key(of: line) {
                out.append((key, [line]))
            } else if out.isEmpty {
                out.append((nil, [line]))
            } else {
                out[out.count - 1].lines.append(line)
            }
        }
        return out
    }

    /// The key a top-level line starts, if it does (`key:` at the line's start).
    private static func key(of line: Substring) -> String? {
        guard let first = line.first, !first.isWhitespace, first != "-", first != "#" else { return nil }
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let after = line[line.index(after: colon)...]
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        var key = String(line[..<colon]).trimmingWhitespace()
        if key.count >= 2, key.first == "\"" || key.first == "'", key.last == key.first { key = String(key.dropFirst().dropLast()) }
        return key
    }

    /// The values of an entry: a scalar, a flow list `[a, b]` or a block list's items,
    /// unquoted.
    static func values(_ lines: [Substring]) -> [String] {
        guard let first = lines.first, let colon = first.firstIndex(of: ":") else { return [] }
        let inline = String(first[first.index(after: colon)...]).trimmingWhitespace()
        if inline.hasPrefix("[") && inline.hasSuffix("]") {
            return inline.dropFirst().dropLast().split(separator: ",").map { unquoted(String($0).trimmingWhitespace()) }.filter {
                !$0.isEmpty
            }
        }
        if !inline.isEmpty { return [unquoted(inline)] }
        return lines.dropFirst().compactMap { line in
            let item = String(line).trimmingWhitespace()
            guard item.hasPrefix("-") else { return nil }
            let value = unquoted(String(item.dropFirst()).trimmingWhitespace())
            return value.isEmpty ? nil : value
        }
    }

    /// A YAML scalar without its quotes: a double-quoted one read as the JSON string it is
    /// written as (`NotesMarkup.yamlQuoted`), a single-quoted one with `''` as `'`.
    static func unquoted(_ s: String) -> String {
        if s.count >= 2 && s.hasPrefix("\"") && s.hasSuffix("\"") {
            if case .string(let value)? = try? JSONParser.parse(Array(s.utf8)) { return value }
            return String(s.dropFirst().dropLast())
        }
        if s.count >= 2 && s.hasPrefix("'") && s.hasSuffix("'") {
            return String(s.dropFirst().dropLast()).replacing("''", with: "'")
        }
        return s.hasPrefix("#") ? String(s.dropFirst()) : s
    }

    /// The value of `key`, if the front matter has it.
    static func value(_ key: String, in lines: [Substring]) -> String? {
        entries(lines).first { $0.key == key }.flatMap { values($0.lines).first }
    }

    /// The front matter with citefeed's entries (`ours`, by key) in place of its own old ones,
    /// each where it was (new ones at the end), and every other line as it was. `tags` keeps
    /// the user's: those in the file that are not among `previousTags` (what citefeed wrote).
    static func merged(_ lines: [Substring]?, ours: [(key: String, lines: [String])], previousTags: [String]) -> [String] {
        let existing = entries(lines ?? [])
        let ourKeys = Set(ours.map(\.key))
        var ours = ours
        if let tags = existing.first(where: { $0.key == "tags" }) {
            let written = Set(previousTags.map { $0.lowercased() })
            let theirs = values(tags.lines).filter { !written.contains($0.lowercased()) }
            if let i = ours.firstIndex(where: { $0.key == "tags" }) {
                let mine = values(ours[i].lines.map { Substring($0) })
                let have = Set(mine.map { $0.lowercased() })
                let all = mine + theirs.filter { !have.contains($0.lowercased()) }
                ours[i].lines = all.isEmpty ? ["tags: []"] : ["tags:"] + all.map { "  - " + NotesMarkup.yamlQuoted($0) }
            }
        }
        var out: [String] = []
        var placed: Set<String> = []
        for entry in existing {
            if let key = entry.key, ourKeys.contains(key) {
                if placed.insert(key).inserted, let mine = ours.first(where: { $0.key == key }) { out += mine.lines }
            } else {
                out += entry.lines.map(String.init)
            }
        }
        for entry in ours where !placed.contains(entry.key) { out += entry.lines }
        return out
    }
}
