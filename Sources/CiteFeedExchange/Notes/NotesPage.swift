import CiteFeedModel
import CiteFeedSupport

/// One page of a notes folder as the library has it: its key (what finds it again, renamed or
/// moved), its title, the author and source it is of, and its citations' blocks, the archived
/// ones apart. Made by `NotesPage.Plan` from the citations, oldest first.
package struct NotesPage: Sendable {
    /// `source:` and the source ignoring case, `author:` and the author for citations without
    /// one, `citations` for those with neither; `citation:` and the uuid with
    /// `--one-per-citation`.
    package var key: String
    package var title: String
    package var author: String?
    package var source: String?
    /// The tags of its citations, by name ignoring case.
    package var tags: [String] = []
    /// Its citations, oldest first, and its archived ones (rendered by `NotesRenderer`, which
    /// needs the page's author to know which say their own).
    package var blocks: [Citation] = []
    package var archived: [Citation] = []

    /// Every uuid on the page, archived ones last.
    package var uuids: [String] { blocks.map(\.uuid) + archived.map(\.uuid) }

    /// The page a citation belongs on.
    static func key(of c: Citation, onePerCitation: Bool) -> (key: String, title: String) {
        if onePerCitation { return ("citation:" + c.uuid.lowercased(), title(of: c.text)) }
        if let source = c.source.trimmedNonEmpty {
            let book = book(source)
            return ("source:" + folded(book), book)
        }
        if let author = c.author.trimmedNonEmpty { return ("author:" + folded(author), author) }
        return ("citations", "Citations")
    }

    /// The key alone, from what a stamp has (`NotesStamps`).
    package static func key(source: String?, author: String?, uuid: String, onePerCitation: Bool) -> String {
        if onePerCitation { return "citation:" + uuid.lowercased() }
        switch source.map({ asciiKey("source:", $0, book: true) }) {
        case .key(let key)?: return key
        case .other? where source.trimmedNonEmpty != nil: return "source:" + folded(book(source.trimmedNonEmpty!))
        default: break
        }
        switch author.map({ asciiKey("author:", $0, book: false) }) {
        case .key(let key)?: return key
        case .other? where author.trimmedNonEmpty != nil: return "author:" + folded(author.trimmedNonEmpty!)
        default: break
        }
        return "citations"
    }

    private enum AsciiKey {
        case key(String)
        /// Nothing but whitespace.
        case empty
        /// Not ASCII where it matters: the general way.
        case other
    }

    /// `prefix` and the name (with `book`, the source's book) folded, made in one pass where the
    /// name is ASCII (a later export makes a key for every citation).
    private static func asciiKey(_ prefix: StaticString, _ name: String, book: Bool) -> AsciiKey {
        var name = name
        return name.withUTF8 { b in
            func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
            var start = 0
            var end = b.count
            while start < end && isSpace(b[start]) { start += 1 }
            while end > start && isSpace(b[end - 1]) { end -= 1 }
            if start == end { return .empty }
            // Other whitespace at either end would be trimmed: the general way.
            if b[start] >= 0x80 || b[end - 1] >= 0x80 { return .other }
            var last = end
            if book, let at = separator(in: UnsafeBufferPointer(rebasing: b[start..<end])) {
                var e = start + at
                while e > start && isSpace(b[e - 1]) { e -= 1 }
                if e > start { last = e }
            }
            var out: [UInt8] = []
            out.reserveCapacity(prefix.utf8CodeUnitCount + last - start)
            prefix.withUTF8Buffer { out += $0 }
            var space = false
            for c in b[start..<last] {
                if c >= 0x80 { return .other }
                if isSpace(c) {
                    space = true
                    continue
                }
                if space { out.append(0x20) }
                space = false
                out.append(c >= 0x41 && c <= 0x5A ? c | 0x20 : c)
            }
            return .key(String(decoding: out, as: UTF8.self))
        }
    }

    /// A citation's own page's title: its first words, at most 60 characters, cut at a word.
    static func title(of text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        var title = ""
        for word in words {
            if title.count + word.count + 1 > 60 { break }
            title += (title.isEmpty ? "" : " ") + word
        }
        if title.isEmpty { title = String(words.first ?? "Citation").cut(toScalars: 60) }
        return title
    }

    /// The book (site, deck) of a source: what comes before the first " — ", after which
    /// highlights say where in it they are (`Highlights.source`).
    static func book(_ source: String) -> String {
        guard let at = separator(in: source) else { return source }
        let book = String(source.utf8.prefix(at))!.trimmingWhitespace()
        return book.isEmpty ? source : book
    }

    /// Where in its book a highlight is (what follows the first " — "), if said.
    static func place(_ source: String) -> String? {
        guard let at = separator(in: source) else { return nil }
        return Optional(String(source.utf8.dropFirst(at + 5))!).trimmedNonEmpty
    }

    /// The UTF-8 offset of the first " — " (space, U+2014, space) in `s`.
    private static func separator(in s: String) -> Int? {
        var s = s
        return s.withUTF8 { separator(in: $0) }
    }

    private static func separator(in b: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        while i + 5 <= b.count {
            if b[i] == 0x20 && b[i + 1] == 0xE2 && b[i + 2] == 0x80 && b[i + 3] == 0x94 && b[i + 4] == 0x20 { return i }
            i += 1
        }
        return nil
    }

    /// A name ignoring case and runs of spaces.
    private static func folded(_ s: String) -> String {
        // ASCII (most names): lower-cased and spaces squeezed byte by byte.
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            var out: [UInt8] = []
            out.reserveCapacity(s.utf8.count)
            var space = false
            for b in s.utf8 {
                if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                    space = !out.isEmpty
                    continue
                }
                if space { out.append(0x20) }
                space = false
                out.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
            }
            return String(decoding: out, as: UTF8.self)
        }
        return s.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension NotesPage {
    /// Gathers citations, oldest first, into pages in the order their first citation came.
    package struct Plan {
        package let onePerCitation: Bool
        /// Whether archived citations stay, under "Archived" (else they leave the page).
        package let keepArchived: Bool
        package private(set) var pages: [NotesPage] = []
        /// When set, the only pages made (the others' citations are passed over).
        package var only: Set<String>?
        private var index: [String: Int] = [:]
        /// The authors of each page's citations, counted, for the page's author.
        private var authors: [[String: Int]] = []
        private var tagKeys: [Set<String>] = []

        package init(onePerCitation: Bool, keepArchived: Bool) {
            self.onePerCitation = onePerCitation
            self.keepArchived = keepArchived
        }

        package mutating func add(_ c: Citation) {
            add(c, key: NotesPage.key(source: c.source, author: c.author, uuid: c.uuid, onePerCitation: onePerCitation))
        }

        /// `add`, with the citation's page's key already made (`NotesPage.key`).
        package mutating func add(_ c: Citation, key: String) {
            if c.isArchived && !keepArchived { return }
            if let only, !only.contains(key) { return }
            let i: Int
            if let found = index[key] {
                i = found
            } else {
                let title = NotesPage.key(of: c, onePerCitation: onePerCitation).title
                i = pages.count
                index[key] = i
                pages.append(NotesPage(key: key, title: title, source: c.source.trimmedNonEmpty.map(NotesPage.book)))
                authors.append([:])
                tagKeys.append([])
            }
            if let author = c.author.trimmedNonEmpty { authors[i][author, default: 0] += 1 }
            for tag in c.tags where tagKeys[i].insert(Tag.key(tag.name)).inserted { pages[i].tags.append(tag.name) }
            if c.isArchived { pages[i].archived.append(c) } else { pages[i].blocks.append(c) }
        }

        /// The pages, each with its most frequent author (the first met among equals) and its
        /// tags sorted; a block whose author is not the page's says its own.
        package func finished() -> [NotesPage] {
            pages.enumerated().map { i, page in
                var page = page
                page.author = authors[i].max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
                page.tags.sort { $0.lowercased() < $1.lowercased() }
                return page
            }
        }
    }
}
