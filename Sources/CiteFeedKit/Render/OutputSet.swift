/// One rendered output: a file name and its bytes, kept together so that no list of names
/// and list of contents can drift apart.
public struct OutputFile: Sendable, Equatable {
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    init(_ name: String, _ text: String) { self.init(name: name, bytes: Array(text.utf8)) }
}

/// Everything the outputs of a rotation are made from: a value, so that rendering is a pure
/// function of it (no library, no clock, no file system).
public struct OutputInput: Sendable {
    public var state: RotationState
    /// The newest picks first, at most `feedItems`.
    public var picks: [Pick]
    public var settings: Settings
    /// Where the files go (the feeds' `file://` base URL when `feedURL` is not set).
    public var outputDirectory: String
    public var libraryUUID: String
    public var libraryCreated: Timestamp
    /// The version of citefeed named as the feeds' generator.
    public var version: String

    public init(
        state: RotationState, picks: [Pick], settings: Settings, outputDirectory: String, libraryUUID: String,
        libraryCreated: Timestamp, version: String
    ) {
        self.state = state
        self.picks = picks
        self.settings = settings
        self.outputDirectory = outputDirectory
        self.libraryUUID = libraryUUID
        self.libraryCreated = libraryCreated
        self.version = version
    }
}

/// The six outputs of SPEC.md "Outputs", rendered from an `OutputInput`.
public enum OutputSet {
    /// The names of the files, in the order `render` makes them.
    public static let names = ["feed.xml", "feed.atom", "feed.json", "index.html", "status.txt", "status.json"]

    public static func render(_ input: OutputInput) -> [OutputFile] {
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
            OutputFile("status.txt", status.render(.plain, shown, slot: input.state.slot)),
            OutputFile("status.json", status.render(.waybar, shown, slot: input.state.slot)),
        ]
    }
}
