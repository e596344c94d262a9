import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// An import file opened for reading: its records, handed one at a time to `forEachRecord`'s
/// body with the fraction of the file read so far, and its tags with their colours where the
/// format has them. A CSV or JSON file is parsed as it is imported, so a malformed row late in
/// the file stops an import that has already begun (and the transaction undoes it).
package struct ImportReader {
    /// The file's tags by `Tag.key`; for a streamed file, complete only once every record has
    /// been read (a file may list its tags after its citations).
    package let tags: ImportTags
    package let forEachRecord: (_ body: (ImportRecord, Double) throws -> Void) throws -> Void
    /// What the file holds that is not a citation and was left out, with how many of each
    /// (`("bookmark", 3)`), for a note.
    package var skipped: [(String, Int)] = []

    /// A reader of records already in memory (the small formats), with the tags they use
    /// where the format gives their colours.
    init(records: [ImportRecord], skipped: [(String, Int)] = [], tags: [Tag] = []) {
        self.skipped = skipped
        self.tags = ImportTags()
        for tag in tags { self.tags.byKey[Tag.key(tag.name)] = tag }
        forEachRecord = { body in
            for (i, record) in records.enumerated() { try body(record, Double(i + 1) / Double(records.count)) }
        }
    }

    init(tags: ImportTags = ImportTags(), forEachRecord: @escaping (_ body: (ImportRecord, Double) throws -> Void) throws -> Void) {
        self.tags = tags
        self.forEachRecord = forEachRecord
    }
}
