import CiteFeedModel
import CiteFeedSupport

/// `feed.atom`: Atom 1.0 (RFC 4287).
package enum AtomRenderer {
    package static func render(_ feed: FeedContext) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(feed.language.xmlEscaped)">
              <id>urn:uuid:\(feed.libraryUUID.xmlEscaped)</id>
              \(text("title", feed.title))
              \(text("subtitle", feed.description))
              <updated>\(feed.updated.rfc3339UTC)</updated>
              <author><name>\(feed.author.xmlPlainText)</name></author>
              <link rel="alternate" type="text/html" href="\((feed.baseURL + "index.html").xmlEscaped)"/>
              <link rel="self" type="application/atom+xml" href="\((feed.baseURL + "feed.atom").xmlEscaped)"/>
              <generator version="\(feed.generator)">citefeed</generator>

            """
        if let hub = feed.hub { xml += "  <link rel=\"hub\" href=\"\(hub.xmlEscaped)\"/>\n" }
        for item in feed.items {
            xml += "  <entry>\n"
            xml += "    <id>\(item.id)</id>\n"
            xml += "    \(text("title", item.title))\n"
            xml += "    <updated>\(item.date.rfc3339UTC)</updated>\n"
            xml += "    <published>\(item.date.rfc3339UTC)</published>\n"
            if let author = item.author { xml += "    <author><name>\(author.xmlPlainText)</name></author>\n" }
            xml += "    <link rel=\"alternate\" href=\"\(item.link.xmlEscaped)\"/>\n"
            if let image = item.image { xml += "    <link rel=\"enclosure\" type=\"image/png\" href=\"\(image.xmlEscaped)\"/>\n" }
            for tag in item.tags.map(\.name) { xml += "    <category term=\"\(tag.xmlEscaped)\"/>\n" }
            xml += "    <content type=\"html\">\(item.html.xmlEscaped)</content>\n"
            xml += "  </entry>\n"
        }
        xml += "</feed>\n"
        return xml
    }

    /// A text construct: plain text, or declared `type="html"` and escaped as HTML when it holds
    /// `&`, `<` or `>` (readers show such a title literally, and the validator does not take it
    /// for undeclared markup).
    static func text(_ element: String, _ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else {
            return "<\(element)>\(value.xmlEscaped)</\(element)>"
        }
        return "<\(element) type=\"html\">\(value.xmlEscapedAsHTML)</\(element)>"
    }
}
