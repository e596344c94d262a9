import CiteFeedModel
import CiteFeedSupport

/// `feed.xml`: RSS 2.0 (RSS Advisory Board), with `dc:creator` and `atom:link rel="self"`.
package enum RSSRenderer {
    package static func render(_ feed: FeedContext) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel>
                <title>\(feed.title.xmlEscapedAsHTML)</title>
                <link>\((feed.baseURL + "index.html").xmlEscaped)</link>
                <description>\(feed.description.xmlEscapedAsHTML)</description>
                <language>\(feed.language.xmlEscaped)</language>
                <lastBuildDate>\(feed.updated.rfc822)</lastBuildDate>
                <ttl>\(feed.ttlMinutes)</ttl>
                <generator>citefeed \(feed.generator)</generator>

            """
        if feed.isPublic {
            xml += "    <atom:link href=\"\((feed.baseURL + "feed.xml").xmlEscaped)\" rel=\"self\" type=\"application/rss+xml\"/>\n"
        }
        if let hub = feed.hub { xml += "    <atom:link href=\"\(hub.xmlEscaped)\" rel=\"hub\"/>\n" }
        for item in feed.items {
            xml += "    <item>\n"
            xml += "      <title>\(item.title.xmlEscapedAsHTML)</title>\n"
            xml += "      <link>\(item.link.xmlEscaped)</link>\n"
            xml += "      <description>\(item.html.xmlEscaped)</description>\n"
            if let author = item.author { xml += "      <dc:creator>\(author.xmlPlainText)</dc:creator>\n" }
            for tag in item.tags.map(\.name) { xml += "      <category>\(tag.xmlPlainText)</category>\n" }
            // Its length is not known when the feed is written (the picture is made after): 0,
            // as the RSS Advisory Board says for an unknown size.
            if let image = item.image { xml += "      <enclosure url=\"\(image.xmlEscaped)\" length=\"0\" type=\"image/png\"/>\n" }
            xml += "      <guid isPermaLink=\"false\">\(item.id)</guid>\n"
            xml += "      <pubDate>\(item.date.rfc822)</pubDate>\n"
            xml += "    </item>\n"
        }
        xml += "  </channel>\n</rss>\n"
        return xml
    }
}
