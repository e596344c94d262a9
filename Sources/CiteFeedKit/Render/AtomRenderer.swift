/// `feed.atom`: Atom 1.0 (RFC 4287).
public enum AtomRenderer {
    public static func render(_ feed: FeedContext) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(feed.language.xmlEscaped)">
              <id>urn:uuid:\(feed.libraryUUID.xmlEscaped)</id>
              <title>\(feed.title.xmlEscaped)</title>
              <subtitle>\(feed.description.xmlEscaped)</subtitle>
              <updated>\(feed.updated.rfc3339UTC)</updated>
              <author><name>\(feed.author.xmlEscaped)</name></author>
              <link rel="alternate" type="text/html" href="\((feed.baseURL + "index.html").xmlEscaped)"/>
              <link rel="self" type="application/atom+xml" href="\((feed.baseURL + "feed.atom").xmlEscaped)"/>
              <generator version="\(CLI.version)">citefeed</generator>

            """
        for item in feed.items {
            xml += "  <entry>\n"
            xml += "    <id>\(item.id)</id>\n"
            xml += "    <title>\(item.title.xmlEscaped)</title>\n"
            xml += "    <updated>\(item.date.rfc3339UTC)</updated>\n"
            xml += "    <published>\(item.date.rfc3339UTC)</published>\n"
            if let author = item.author { xml += "    <author><name>\(author.xmlEscaped)</name></author>\n" }
            xml += "    <link rel=\"alternate\" href=\"\(item.link.xmlEscaped)\"/>\n"
            for tag in item.tags.map(\.name) { xml += "    <category term=\"\(tag.xmlEscaped)\"/>\n" }
            xml += "    <content type=\"html\">\(item.html.xmlEscaped)</content>\n"
            xml += "  </entry>\n"
        }
        xml += "</feed>\n"
        return xml
    }
}
