import CiteFeedModel
import CiteFeedSupport

/// `feed.json`: JSON Feed 1.1.
package enum JSONFeedRenderer {
    package static func render(_ feed: FeedContext) -> String {
        let items: [JSONValue] = feed.items.map { item in
            var members: [(String, JSONValue)] = [
                ("id", .string(item.id)), ("url", .string(item.link)), ("title", .string(item.title)),
                ("content_html", .string(item.html)), ("content_text", .string(item.text)),
                ("date_published", .string(item.date.rfc3339UTC)),
            ]
            if let author = item.author { members.append(("authors", .array([.object([("name", .string(author))])]))) }
            if !item.tags.isEmpty { members.append(("tags", .array(item.tags.map { .string($0.name) }))) }
            if let image = item.image { members.append(("image", .string(image))) }
            return .object(members)
        }
        var members: [(String, JSONValue)] = [
            ("version", .string("https://jsonfeed.org/version/1.1")), ("title", .string(feed.title)),
            ("home_page_url", .string(feed.baseURL + "index.html")), ("feed_url", .string(feed.baseURL + "feed.json")),
            ("description", .string(feed.description)), ("language", .string(feed.language)),
            ("authors", .array([.object([("name", .string(feed.author))])])),
        ]
        if let hub = feed.hub { members.append(("hubs", .array([.object([("type", .string("WebSub")), ("url", .string(hub))])]))) }
        members.append(("items", .array(items)))
        return JSONWriter.pretty(.object(members))
    }
}
