import CiteFeedExchange
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// One of the sources of `import DIR` or `import --devices`: its name, how to copy what it is
/// read from into a private folder (`ImportStaging`), before the import's transaction and
/// with no lock held, and how to open the copy (read and parse the file, or read the
/// database), giving the format, the reader, and a note about how it was read, if any (its
/// encoding). Opening runs on another thread while the source before is imported: it must
/// touch nothing else.
package struct ImportSource {
    package var name: String
    package var stage: (ImportStaging, _ number: Int) throws -> String
    package var open: (_ staged: String) throws -> (ImportFormat, ImportReader, String?)

    package init(
        name: String, stage: @escaping (ImportStaging, _ number: Int) throws -> String,
        open: @escaping (_ staged: String) throws -> (ImportFormat, ImportReader, String?)
    ) {
        self.name = name
        self.stage = stage
        self.open = open
    }
}
