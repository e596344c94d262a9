import CiteFeedModel
import CiteFeedSupport

/// One feed item, made from a pick: the same for RSS, Atom and JSON Feed.
package struct FeedItem: Sendable, Equatable {
    /// `urn:uuid:` + the name-based UUID of (library, pick time, citation uuid).
    package var id: String
    package var title: String
    /// The body: the text escaped, the back, and `— author, source`.
    package var html: String
    package var text: String
    package var link: String
    package var date: Timestamp
    package var author: String?
    /// Tag names, with their colours for the HTML page.
    package var tags: [Tag]
    /// The address of a picture of it (`pictures`, the newest item only): a JSON Feed `image`,
    /// an RSS and Atom enclosure.
    package var image: String?

    /// `namespace` is the library's uuid for the default rotation and a named rotation's own
    /// uuid (`Library.rotationUUID`) for the others, so that two rotations showing the same
    /// citation at the same moment have items of their own, and a renamed rotation keeps its ids.
    package init(pick: Pick, libraryUUID namespace: String, baseURL: String) {
        let s = pick.snapshot
        let uuid = UUIDString.nameBased(namespace: namespace, name: "\(pick.pickedAt.seconds)/\(s.uuid)")
        id = "urn:uuid:" + uuid
        title = FeedItem.title(s.text)
        date = pick.pickedAt
        author = s.author
        tags = s.tags
        link = s.sourceURL ?? baseURL + "index.html#" + FeedItem.anchor(uuid)
        html = FeedItem.html(s)
        text = s.card
    }

    /// The anchor of an item in index.html.
    static func anchor(_ uuid: String) -> String { "pick-" + uuid.prefix(8) }

    /// The first line, cut at a word boundary to at most 80 characters, ending in `…` if cut.
    static func title(_ text: String, limit: Int = 80) -> String {
        let line = String(text.split(separator: "\n", omittingEmptySubsequences: true).first ?? "").trimmingWhitespace()
        guard line.count > limit else { return line }
        let room = line.prefix(limit - 1)
        var cut = room
        if let space = room.lastIndex(where: { $0.isWhitespace }), room.distance(from: room.startIndex, to: space) > limit / 2 {
            cut = room[..<space]
        }
        var title = String(cut).trimmingWhitespace()
        while let last = title.last, ",;:—–-".contains(last) { title.removeLast() }
        return title + "…"
    }

    static func html(_ s: PickSnapshot) -> String {
        var html = "<blockquote><p>\(s.text.htmlParagraph)</p></blockquote>"
        if let back = s.back { html += "\n<p>\(back.htmlParagraph)</p>" }
        let source = s.sourceURL.map { "<a href=\"\($0.xmlEscaped)\">\(s.source!.xmlEscaped)</a>" } ?? s.source?.xmlEscaped
        let attribution = [s.author?.xmlEscaped, source].compactMap { $0 }.joined(separator: ", ")
        if !attribution.isEmpty { html += "\n<p>— \(attribution)</p>" }
        return html
    }
}

extension Timestamp {
    /// RFC 822 with a numeric zone, in UTC: `Tue, 03 Jun 2025 06:00:00 +0000`.
    package var rfc822: String {
        let c = CivilTime(utc: seconds)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(days[Int(c.weekday)]), \(pad(c.day, 2)) \(months[Int(c.month) - 1]) \(pad(c.year, 4)) "
            + "\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2)) +0000"
    }
}
