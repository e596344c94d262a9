import CiteFeedSupport

/// A rotation slot: `[start, end)` in UTC seconds.
package struct Slot: Hashable, Sendable {
    package var start: Timestamp
    package var end: Timestamp

    package init(start: Timestamp, end: Timestamp) {
        self.start = start
        self.end = end
    }
}
