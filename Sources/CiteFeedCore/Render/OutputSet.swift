import CiteFeedModel
import CiteFeedSupport

/// The six outputs of the README's "Rotation, status and feeds", rendered from an `OutputInput`.
package enum OutputSet {
    /// The names of the files, in the order `render` makes them.
    package static let names = ["feed.xml", "feed.atom", "feed.json", "index.html", "status.txt", "status.json"]
    /// The feeds among them (what a WebSub hub is told of).
    package static let feedNames = ["feed.xml", "feed.atom", "feed.json"]
    /// The pictures a rotation may keep beside them (`pictures`), and the file that says what each
    /// shows: with `names`, every file citefeed may write in an output directory.
    package static let pictureNames = PicturePreset.names.map(FeedContext.pictureName) + [pictureStamp]
    package static let pictureStamp = ".citefeed-pictures"

    package static func render(_ input: OutputInput) -> [OutputFile] {
        let feed = FeedContext(
            settings: input.settings, outputDirectory: input.outputDirectory, picks: input.picks, libraryUUID: input.libraryUUID,
            libraryCreated: input.libraryCreated, generator: input.version)
        let status = StatusRenderer(settings: input.settings)
        let shown = input.state.pick?.snapshot
        return [
            OutputFile("feed.xml", RSSRenderer.render(feed)),
            OutputFile("feed.atom", AtomRenderer.render(feed)),
            OutputFile("feed.json", JSONFeedRenderer.render(feed)),
            OutputFile("index.html", HTMLRenderer.render(feed)),
            OutputFile("status.txt", status.render(.plain, shown, slot: input.state.slot, review: input.review)),
            OutputFile("status.json", status.render(.waybar, shown, slot: input.state.slot, review: input.review)),
        ]
    }
}
