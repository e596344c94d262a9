import CiteFeedModel
import CiteFeedSupport

/// What every feed renderer gets: the feed's metadata and its items, newest first.
package struct FeedContext: Sendable {
    package var title: String
    package var description: String
    package var author: String
    package var language: String
    /// The public base URL (`feedURL`) or the `file://` URL of the output directory; ends in `/`.
    package var baseURL: String
    /// Whether `baseURL` is a public URL (then feeds name themselves with `rel="self"`).
    package var isPublic: Bool
    /// The WebSub hub the feeds name (`feedHub`), when they have a public address.
    package var hub: String?
    package var ttlMinutes: Int
    /// The newest item's date, or the library's creation: never the clock, so that an unchanged
    /// feed is byte-identical.
    package var updated: Timestamp
    package var items: [FeedItem]
    package var libraryUUID: String
    /// The version of citefeed named as the generator.
    package var generator: String

    package init(
        settings: Settings, outputDirectory: String, picks: [Pick], libraryUUID: String, libraryCreated: Timestamp, generator: String
    ) {
        self.generator = generator
        title = settings.feedTitle
        description = settings.feedDescription
        author = settings.feedAuthor
        language = settings.feedLanguage
        isPublic = !settings.feedURL.isEmpty
        baseURL =
            isPublic
            ? (settings.feedURL.hasSuffix("/") ? settings.feedURL : settings.feedURL + "/").uriEncoded
            : FeedContext.fileURL(outputDirectory)
        // Percent-encoded like every other link (a hub set by hand may hold what a URI cannot).
        hub = isPublic && !settings.feedHub.isEmpty ? settings.feedHub.uriEncoded : nil
        ttlMinutes = settings.interval.minutes
        self.libraryUUID = libraryUUID
        updated = picks.first?.pickedAt ?? libraryCreated
        let base = baseURL
        items = picks.map { FeedItem(pick: $0, libraryUUID: libraryUUID, baseURL: base) }
        // The picture beside the feeds shows the newest pick; the query names the pick, so that
        // a reader that keeps images by address does not show the last one's.
        if isPublic, settings.mode == .rotate, let preset = settings.pictures.first, let newest = picks.first, !items.isEmpty {
            items[0].image = base + Self.pictureName(preset) + "?v=\(newest.pickedAt.seconds)"
        }
    }

    /// The name of the picture of `preset` beside the feeds.
    package static func pictureName(_ preset: String) -> String { "picture-\(preset).png" }

    /// `file:///path/` with the path percent-encoded.
    static func fileURL(_ directory: String) -> String {
        var out = "file://"
        for byte in directory.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out.hasSuffix("/") ? out : out + "/"
    }
}
