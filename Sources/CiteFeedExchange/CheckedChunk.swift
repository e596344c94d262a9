import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Records checked, in the file's order, with how far into the file they go.
struct CheckedChunk {
    enum Item {
        case valid(CheckedCitation)
        /// Where the record is and what is wrong with it.
        case invalid(InvalidRecord)
    }
    var items: [Item] = []
    /// The tag numbers of the chunk's citations; and the names of the numbers first met in it
    /// (numbers are given in order: 0, 1, 2, … across the whole file).
    var tagNumbers: [Int32] = []
    var newTagNames: [String] = []
    /// Records read so far, and the fraction of the file.
    var read = 0
    var fraction = 0.0
    /// The file's last records: it is read to the end.
    var isLast = false
    /// The file could not be read on (a malformed CSV row): the import stops with this.
    var error: (any Error)?
}
