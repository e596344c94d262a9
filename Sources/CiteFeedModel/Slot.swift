import CiteFeedSupport

/// A rotation slot: `[start, end)` in UTC seconds.
public struct Slot: Hashable, Sendable {
    public var start: Timestamp
    public var end: Timestamp

    package init(start: Timestamp, end: Timestamp) {
        self.start = start
        self.end = end
    }
}
