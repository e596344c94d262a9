import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Each page's fingerprint from its citations' stamps (`Library.forEachStamp`): what tells,
/// without reading a text, which pages changed since the manifest's export (and so which
/// citations to read whole and render). A page changed when its fingerprint or the folder's
/// salt (the format, the layout, the tags' names and colours, the way pages are written)
/// differs, when one of its citations was changed in or after the second the last export read
/// the library (a stamp is to the second), or when its file is not where it was.
package struct NotesStamps {
    /// Bumped whenever a page's text would differ for the same citations: every page is then
    /// written anew once.
    static let renderVersion = 1

    package let onePerCitation: Bool
    package let keepArchived: Bool
    /// Page keys in the order their first citation came, and each one's page.
    package private(set) var keys: [String] = []
    private var list: [Page] = []
    private var index: [String: Int] = [:]
    package private(set) var count = 0

    /// The page of `key`, if the library has one.
    package subscript(key: String) -> Page? { index[key].map { list[$0] } }

    package struct Page: Sendable {
        package var ids: [Int64] = []
        package var fingerprint: UInt64 = 0xcbf2_9ce4_8422_2325
        /// The latest change of its citations, in seconds.
        package var newest: Int64 = 0
    }

    package init(onePerCitation: Bool, keepArchived: Bool) {
        self.onePerCitation = onePerCitation
        self.keepArchived = keepArchived
    }

    package mutating func add(_ s: CitationStamp) {
        add(s, key: NotesPage.key(source: s.source, author: s.author, uuid: s.uuid, onePerCitation: onePerCitation))
    }

    /// `add`, with the citation's page's key already made (`NotesPage.key`).
    package mutating func add(_ s: CitationStamp, key: String) {
        if s.archivedAt != nil && !keepArchived { return }
        let at: Int
        if let known = index[key] {
            at = known
        } else {
            at = list.count
            index[key] = at
            keys.append(key)
            list.append(Page())
        }
        var page = list[at]
        list[at] = Page()  // uniquely referenced while it grows
        page.ids.append(s.id)
        page.newest = max(page.newest, s.updatedAt)
        var h = page.fingerprint
        func mix(_ text: String?) {
            var text = text ?? "\u{1}"
            text.withUTF8 { for byte in $0 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 } }
            h = (h ^ 0x1F) &* 0x100_0000_01b3
        }
        func mix(_ n: Int64) {
            var n = UInt64(bitPattern: n)
            for _ in 0..<8 {
                h = (h ^ (n & 0xFF)) &* 0x100_0000_01b3
                n >>= 8
            }
        }
        mix(s.uuid)
        mix(s.author)
        mix(s.source)
        mix(s.favourite ? 1 : 0)
        mix(s.updatedAt)
        mix(s.archivedAt ?? -1)
        mix(Int64(bitPattern: s.tags))
        page.fingerprint = h
        list[at] = page
        count += 1
    }

    /// A page's fingerprint as the manifest keeps it.
    package func digest(_ key: String) -> String {
        let hex = String(self[key]?.fingerprint ?? 0, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// What every page depends on besides its citations.
    package static func salt(format: NotesFormat, onePerCitation: Bool, keepArchived: Bool, tags: [Tag]) -> String {
        let words =
            [format.rawValue, onePerCitation ? "one" : "sources", keepArchived ? "section" : "remove", String(renderVersion)]
            + tags.map { $0.name + "\u{1F}" + $0.color }.sorted()
        return NotesDigest.of(words.joined(separator: "\u{1E}"))
    }

    /// The keys of the pages to write: those that changed since `manifest` (all without one).
    package func changed(since manifest: NotesManifest?, salt: String, folder: NotesFolder) -> Set<String> {
        guard let manifest, manifest.salt == salt else { return Set(keys) }
        var entries: [String: NotesManifest.Page] = [:]
        for page in manifest.pages { entries[page.key] = page }
        return Set(
            keys.filter { key in
                guard let entry = entries[key], let page = self[key] else { return true }
                return entry.digest != digest(key) || page.newest >= manifest.readAt || !folder.isPage(entry.path)
            })
    }
}
