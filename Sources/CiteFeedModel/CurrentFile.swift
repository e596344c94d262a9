import CiteFeedSupport

/// `current.json`, beside the library: the slot and the pick shown in it, written with the
/// outputs. `status` reads it instead of the library (SPEC.md: "status answers from the
/// current slot's saved pick without reading the library").
public struct CurrentFile: Sendable, Equatable {
    public var slot: Slot
    /// `nil` when nothing is eligible.
    public var pick: PickSnapshot?
    /// For a rotation in review mode (issue 14): the card shown is `pick`, valid through `slot`.
    public var review: ReviewDisplay?

    /// The most of it that is read (a pick holds at most some 200 KB of text).
    package static let sizeLimit = 1 << 20

    public init(slot: Slot, pick: PickSnapshot?, review: ReviewDisplay? = nil) {
        self.slot = slot
        self.pick = pick
        self.review = review
    }

    package var bytes: [UInt8] {
        var members: [(String, JSONValue)] = [
            ("slotStart", .int(slot.start.seconds)), ("slotEnd", .int(slot.end.seconds)), ("pick", pick?.json ?? .null),
        ]
        if let review {
            members.append(
                ("review", .object([("revealed", .bool(review.revealed)), ("nextDue", review.nextDue.map { .int($0.seconds) } ?? .null)])))
        }
        return Array(JSONWriter.pretty(.object(members)).utf8)
    }

    /// The state that `bytes` wrote, or `nil` when they are not one (then `status` rotates).
    public init?(bytes: [UInt8]) {
        guard let json = try? JSONParser.parse(bytes), case .int(let start)? = json["slotStart"], case .int(let end)? = json["slotEnd"]
        else { return nil }
        let pick = json["pick"].flatMap { $0 == .null ? nil : PickSnapshot(json: $0) }
        if json["pick"] != .null && pick == nil { return nil }
        var review: ReviewDisplay?
        if let r = json["review"] {
            guard case .bool(let revealed)? = r["revealed"] else { return nil }
            var next: Timestamp?
            if case .int(let n)? = r["nextDue"] { next = Timestamp(seconds: n) }
            review = ReviewDisplay(revealed: revealed, nextDue: next)
        }
        self.init(slot: Slot(start: Timestamp(seconds: start), end: Timestamp(seconds: end)), pick: pick, review: review)
    }
}

/// What the bar of a rotation in review mode shows besides the card: whether its back is
/// revealed, and, when no card is due, when the next one is.
public struct ReviewDisplay: Sendable, Equatable {
    public var revealed: Bool
    public var nextDue: Timestamp?

    public init(revealed: Bool, nextDue: Timestamp?) {
        self.revealed = revealed
        self.nextDue = nextDue
    }
}
