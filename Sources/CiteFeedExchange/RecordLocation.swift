import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Where a record is in its file: a line (text formats) or the number of a JSON list's element.
/// Kept as the number; the front end spells it out for a message (most records never need one).
package enum RecordLocation: Sendable, Equatable {
    case line(Int)
    case record(Int)
    /// The number of an element of a citefeed export's "tags" list.
    case tag(Int)
}
