import CiteFeedExchange
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

extension Home {
    /// Writes the export of the citations `query` selects, in `format`, through `emit`: read,
    /// written and let go a batch at a time, so a library of any size streams. Every tag goes
    /// with it when nothing narrows the export (unused tags and their colours survive a round
    /// trip), else the tags the exported citations carry; the JSON export carries the cards'
    /// schedules and answers too. Returns the number of citations. Where the bytes go (a
    /// terminal, a file appearing whole, a pipe) is the front end's.
    package func export(_ query: CitationQuery, format: ExportFormat, emit: @escaping ([UInt8]) throws -> Void) throws -> Int {
        let library = try library()
        let everything = query.tags.isEmpty && !query.favouritesOnly
        let tags = everything ? try library.tagList() : try library.tagsUsed(by: query)
        var writer = ExportWriter(format, emit: emit)
        if format == .json || format == .revlog { writer.cards = try library.cardExports() }
        try writer.begin(tags: tags, exportedAt: try now())
        try library.forEachCitation(query) { try writer.add($0) }
        try writer.finish()
        return writer.count
    }
}
