/// The six outputs of SPEC.md "Outputs" and `current.json`, rendered from the history and
/// written together: changed files replace the old ones only when all are written, and
/// unchanged files keep their mtime (so HTTP caches keep answering 304).
public struct OutputDirectory {
    public static let files = ["feed.xml", "feed.atom", "feed.json", "index.html", "status.txt", "status.json"]

    public let path: String

    public init(path: String) { self.path = path }

    /// Renders everything for `state` and writes what changed; returns the names written.
    @discardableResult
    public func write(_ state: RotationState, library: Library, settings: Settings, currentFile: String) throws -> [String] {
        let picks = try library.recentPicks(limit: settings.feedItems)
        let feed = FeedContext(
            settings: settings, outputDirectory: path, picks: picks, libraryUUID: try library.uuid(),
            libraryCreated: try library.createdAt())
        let status = StatusRenderer(settings: settings)
        let contents = [
            RSSRenderer.render(feed), AtomRenderer.render(feed), JSONFeedRenderer.render(feed), HTMLRenderer.render(feed),
            status.render(.plain, state.pick?.snapshot, slot: state.slot), status.render(.waybar, state.pick?.snapshot, slot: state.slot),
        ]
        do {
            try Posix.makeDirectories(path)
        } catch {
            throw OutputError.cannotCreate(path, error.message)
        }
        let written: [String]
        do {
            written = try AtomicWriter.writeChanged(
                zip(OutputDirectory.files, contents).map { (path + "/" + $0, Array($1.utf8)) }, mode: 0o644, durable: false)
        } catch {
            throw OutputError.cannotCreate(path, error.message)
        }
        let current = CurrentFile(slot: state.slot, pick: state.pick?.snapshot)
        do {
            try AtomicWriter.writeChanged([(currentFile, current.bytes)], mode: 0o600, durable: false)
        } catch {
            throw OutputError.cannotCreate(currentFile, error.message)
        }
        return written.map { String($0.split(separator: "/").last ?? "") }
    }
}

public enum OutputError: CiteFeedError, Equatable {
    /// The outputs of a rotation.
    case cannotCreate(String, String)
    /// A file the user named (`export --out`).
    case cannotWriteFile(String, String)

    public var exitStatus: ExitStatus { .cannotCreate }

    public var message: String {
        switch self {
        case let .cannotCreate(path, reason):
            return
                "Cannot write the outputs in \(path) (\(reason)); check the directory, or choose another with 'citefeed defaults write outputDirectory DIR'."
        case let .cannotWriteFile(path, reason):
            return "Cannot write \(path) (\(reason)); check that its directory exists and can be written."
        }
    }
}
