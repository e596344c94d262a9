import CiteFeedModel
import CiteFeedSupport

/// `index.html`: the current citation and the recent ones, readable on a phone, with
/// `<link rel="alternate">` autodiscovery of the three feeds.
package enum HTMLRenderer {
    package static func render(_ feed: FeedContext) -> String {
        let lang = feed.language.xmlEscaped
        let title = feed.title.xmlEscaped
        let links = """
            <link rel="alternate" type="application/rss+xml" title="\(title) (RSS)" href="feed.xml">
            <link rel="alternate" type="application/atom+xml" title="\(title) (Atom)" href="feed.atom">
            <link rel="alternate" type="application/feed+json" title="\(title) (JSON Feed)" href="feed.json">

            """
        var html =
            head(language: lang, generator: feed.generator, title: title, links: links) + """
                <body>
                <div class="header">
                <h1>\(title)</h1>
                <p>\(feed.description.xmlEscaped)</p>
                </div>
                <div class="main">

                """
        if let current = feed.items.first {
            html += article(current, feed: feed, current: true)
            if feed.items.count > 1 {
                html += "<h2>Recently</h2>\n<ol>\n"
                for item in feed.items.dropFirst() { html += "<li>" + article(item, feed: feed, current: false) + "</li>\n" }
                html += "</ol>\n"
            }
        } else {
            html += "<p>No citation has been shown yet.</p>\n"
        }
        html += """
            </div>
            <div class="footer">
            <p>Subscribe: <a href="feed.xml">RSS</a> · <a href="feed.atom">Atom</a> · <a href="feed.json">JSON Feed</a></p>
            </div>
            </body>
            </html>

            """
        return html
    }

    private static func article(_ item: FeedItem, feed: FeedContext, current: Bool) -> String {
        let anchor = FeedItem.anchor(String(item.id.dropFirst("urn:uuid:".count)))
        let date =
            "<span class=\"date\" title=\"\(item.date.rfc3339UTC)\">\(item.date.rfc3339UTC.prefix(16).replacing("T", with: " ")) UTC</span>"
        return citation(item.html, tags: item.tags, note: date, anchor: anchor, current: current)
    }

    /// A page's start to `</head>`, in index.html's style (also the digest's HTML part);
    /// `language`, `generator` and `title` escaped, `links` HTML lines.
    static func head(language: String, generator: String, title: String, links: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="\(language)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="citefeed \(generator)">
        <title>\(title)</title>
        \(links)<style>
        \(style)</style>
        </head>

        """
    }

    /// The page's style: index.html's, and the digest's HTML part.
    static let style = """
        body { font: 1.05rem/1.5 Georgia, serif; max-width: 40rem; margin: 0 auto; padding: 1rem; color: #222; background: #fdfcf8; }
        .header p, .footer, .date { color: #666; font-size: 0.9rem; }
        blockquote { margin: 0; font-size: 1.15rem; }
        .current blockquote { font-size: 1.5rem; }
        .citation { border-left: 3px solid #ccc; padding: 0.2rem 0 0.2rem 1rem; margin: 1.5rem 0; }
        .tag { display: inline-block; font-size: 0.8rem; padding: 0 0.5rem; border-radius: 0.6rem; color: #fff; text-shadow: 0 0 2px #000; }
        ol { list-style: none; padding: 0; }
        @media (prefers-color-scheme: dark) { body { color: #ddd; background: #1b1b1b; } a { color: #9cf; } }

        """

    /// One citation as the page shows it: its body (`FeedItem.html`), then a line with `note`
    /// (HTML) and its tags in their colours.
    static func citation(_ body: String, tags: [Tag], note: String, anchor: String?, current: Bool) -> String {
        var html = "<div\(anchor.map { " id=\"\($0)\"" } ?? "") class=\"citation\(current ? " current" : "")\">\n\(body)\n"
        if note.isEmpty && tags.isEmpty { return html + "</div>\n" }
        html += "<p>" + note
        for (i, tag) in tags.enumerated() {
            html +=
                (i == 0 && note.isEmpty ? "" : " ")
                + "<span class=\"tag\" style=\"background: \(Palette.hexValue(of: tag.color).xmlEscaped)\">\(tag.name.xmlEscaped)</span>"
        }
        html += "</p>\n</div>\n"
        return html
    }
}
