/// `current.json`, beside the library: the slot and the pick shown in it, written with the
/// outputs. `status` reads it instead of the library (SPEC.md: "status answers from the
/// current slot's saved pick without reading the library").
public struct CurrentFile: Sendable, Equatable {
    public var slot: Slot
    /// `nil` when nothing is eligible.
    public var pick: PickSnapshot?

    /// The most of it that is read (a pick holds at most some 200 KB of text).
    static let sizeLimit = 1 << 20

    public init(slot: Slot, pick: PickSnapshot?) {
        self.slot = slot
        self.pick = pick
    }

    var bytes: [UInt8] {
        Array(
            JSONWriter.pretty(
                .object([
                    ("slotStart", .int(slot.start.seconds)), ("slotEnd", .int(slot.end.seconds)), ("pick", pick?.json ?? .null),
                ])
            ).utf8)
    }

    /// The state that `bytes` wrote, or `nil` when they are not one (then `status` rotates).
    public init?(bytes: [UInt8]) {
        guard let json = try? JSONParser.parse(bytes), case .int(let start)? = json["slotStart"], case .int(let end)? = json["slotEnd"]
        else { return nil }
        let pick = json["pick"].flatMap { $0 == .null ? nil : PickSnapshot(json: $0) }
        if json["pick"] != .null && pick == nil { return nil }
        self.init(slot: Slot(start: Timestamp(seconds: start), end: Timestamp(seconds: end)), pick: pick)
    }
}
