/// One card of the library.
public struct Citation: Hashable, Sendable {
    public var id: Int64
    /// Stable forever, kept through export and import.
    public var uuid: String
    public var text: String
    /// The other side of the card: an answer, a coping response, a comment.
    public var back: String?
    public var author: String?
    /// Free text or a URL.
    public var source: String?
    /// Sorted by name, ignoring case.
    public var tags: [Tag]
    public var favourite: Bool
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Set when archived.
    public var archivedAt: Timestamp?

    public var isArchived: Bool { archivedAt != nil }

    /// The largest id an import keeps from its file (2^31 − 1); a larger one gets a new id, as a
    /// taken one does. Later ids count on from the largest kept, so this leaves room for 2^53
    /// more under the largest integer JSON readers such as JavaScript hold exactly; an id near
    /// 2^63 − 1 would leave SQLite no id to give ("database or disk is full" on every add).
    public static let largestKeptID: Int64 = (1 << 31) - 1

    /// The source when it is an http(s) URL, as a valid URI (`uriEncoded`), for `open`.
    public var sourceURL: String? { source.flatMap { $0.isHTTPURL ? $0.uriEncoded : nil } }
}

extension String {
    /// An http(s) address: a host, no white space in it, and on one line. Spaces after the
    /// host (`https://example.org/a b`, as people paste them) are allowed: links
    /// percent-encode them (`uriEncoded`).
    var isHTTPURL: Bool {
        let lower = lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        let authority = urlAuthority
        return !authority.isEmpty && !authority.contains(where: { $0.isWhitespace })
            && !unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" })
            && !(last?.isWhitespace ?? false)
    }

    /// An address for a setting (`feedURL`, `feedHub`): an http(s) address without white space
    /// or credentials (`user:password@`, which the feeds would publish).
    var isPlainHTTPURL: Bool {
        isHTTPURL && !contains(where: { $0.isWhitespace }) && !urlAuthority.contains("@")
    }

    /// What stands between `//` and the path, query or fragment of an address (`user@host:port`).
    var urlAuthority: Substring {
        drop(while: { $0 != "/" }).dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }

    func trimmingWhitespace() -> String {
        // Most values start and end with a printable ASCII character: nothing to trim.
        if let first = utf8.first, let last = utf8.last, first > 0x20 && first < 0x7F, last > 0x20 && last < 0x7F { return self }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }

    /// Whether every UTF-8 byte satisfies `predicate`, over the contiguous bytes (several times
    /// faster than iterating `utf8` for the long texts of an import).
    func utf8AllSatisfy(_ predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(predicate) } ?? utf8.allSatisfy(predicate)
    }
}
