import CiteFeedSupport

/// `current.json`, beside the library: the slot and the pick shown in it, written with the
/// outputs. `status` answers from it without opening the library (README, "Rotation, status
/// and feeds").
package struct CurrentFile: Sendable, Equatable {
    package var slot: Slot
    /// `nil` when nothing is eligible.
    package var pick: PickSnapshot?
    /// For a rotation in review mode: the card shown is `pick`, valid through `slot`.
    package var review: ReviewDisplay?

    /// The most of it that is read (a pick holds at most some 200 KB of text).
    package static let sizeLimit = 1 << 20

    package init(slot: Slot, pick: PickSnapshot?, review: ReviewDisplay? = nil) {
        self.slot = slot
        self.pick = pick
        self.review = review
    }

    /// The slot object (`CitationJSON.slot`), as `status --format json` prints it.
    package var bytes: [UInt8] {
        Array(JSONWriter.pretty(CitationJSON.slot(slot, pick: pick?.bounded, review: review)).utf8)
    }

    /// The state that `bytes` wrote, or `nil` when they are not one (then `status` rotates: a
    /// file of an older citefeed, with seconds and `pick`, is such a file).
    package init?(bytes: [UInt8]) {
        guard let json = try? JSONParser.parse(bytes), let start = json["slotStart"]?.stringValue.flatMap(Timestamp.init(rfc3339:)),
            let end = json["slotEnd"]?.stringValue.flatMap(Timestamp.init(rfc3339:)), let citation = json["citation"]
        else { return nil }
        let pick = citation == .null ? nil : PickSnapshot(json: citation)
        if citation != .null && pick == nil { return nil }
        var review: ReviewDisplay?
        if let r = json["review"] {
            guard case .bool(let revealed)? = r["revealed"] else { return nil }
            review = ReviewDisplay(revealed: revealed, nextDue: r["nextDue"]?.stringValue.flatMap(Timestamp.init(rfc3339:)))
        }
        self.init(slot: Slot(start: start, end: end), pick: pick, review: review)
    }
}
