import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// A record as the checking thread hands it over.
struct CheckedCitation {
    var citation: NewCitation
    /// The id the file gives it, if any.
    var id: Int64?
    var key: DuplicateKey
    /// Its uuid: the file's, or a new one; and its bits, to find it among those already there.
    var uuid: String
    var uuidBits: UUIDBits
    /// Its tags, as the numbers the checking thread gave their names: `tagNumbers[tags]` of
    /// its chunk (one array per chunk, not one per citation).
    var tags: Range<Int>
    /// Characters of the text (`text_length`).
    var length: Int64
}
