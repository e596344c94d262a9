import CiteFeedSupport

/// A card's mark, scheduling and review log, as the export carries them (`CardJSON`); the
/// reader checks what a file gives.
package struct CardExchange: Sendable, Equatable {
    package struct Answer: Sendable, Equatable {
        package var at: Timestamp
        package var grade: Grade
        package var elapsedDays: Int64
        package var stateBefore: CardPhase
        /// The card before the answer (for undo), when the file has it.
        package var before: CardRecord?

        package init(at: Timestamp, grade: Grade, elapsedDays: Int64, stateBefore: CardPhase, before: CardRecord?) {
            self.at = at
            self.grade = grade
            self.elapsedDays = elapsedDays
            self.stateBefore = stateBefore
            self.before = before
        }
    }

    /// `card` said yes (true) or `uncard` said no (false); `nil`: a card when it has a back.
    package var marked: Bool?
    /// `nil`: never answered.
    package var state: CardRecord?
    package var answers: [Answer] = []
    /// With answers and no state (an Anki package's card): when the card is due, as the other
    /// program scheduled it, kept when the state is replayed from the answers after the import.
    package var due: Timestamp?

    package init(marked: Bool?, state: CardRecord?, answers: [Answer]) {
        self.marked = marked
        self.state = state
        self.answers = answers
    }

    /// Reads the `card` member of a citation; throws the reason it cannot be one.
    package init(json: JSONValue) throws(ImportRecordProblem) {
        guard case .object = json else { throw ImportRecordProblem("\"card\" is not an object") }
        switch json["marked"] {
        case nil, .null?: marked = nil
        case .bool(let b)?: marked = b
        default: throw ImportRecordProblem("\"card\".\"marked\" is not true, false or null")
        }
        func time(_ key: String, in value: JSONValue) throws(ImportRecordProblem) -> Timestamp? {
            switch value[key] {
            case nil, .null?: return nil
            case .string(let s)?:
                guard let t = Timestamp(rfc3339: s) else { throw ImportRecordProblem("\"card\".\"\(key)\" is not an RFC 3339 time") }
                return t
            default: throw ImportRecordProblem("\"card\".\"\(key)\" is not a time")
            }
        }
        func int(_ key: String, in value: JSONValue) -> Int64? { if case .int(let n)? = value[key] { n } else { nil } }
        if let stateName = json["state"]?.stringValue {
            guard let phase = CardPhase(rawValue: stateName) else {
                throw ImportRecordProblem("\"card\".\"state\" \(quoted(stateName)) is not new, learning, review or relearning")
            }
            let stability = json["stability"]?.numberValue, difficulty = json["difficulty"]?.numberValue
            if let s = stability {
                guard s.isFinite && s > 0 && s <= 1e6 else { throw ImportRecordProblem("\"card\".\"stability\" is out of range") }
            }
            if let d = difficulty {
                guard d.isFinite && d >= 1 && d <= 10 else { throw ImportRecordProblem("\"card\".\"difficulty\" is not from 1 to 10") }
            }
            let due = try time("due", in: json)
            if phase != .new {
                guard stability != nil, difficulty != nil, due != nil else {
                    throw ImportRecordProblem("\"card\" in state \(phase.rawValue) needs \"stability\", \"difficulty\" and \"due\"")
                }
            }
            let step = int("step", in: json)
            if let step { guard (0...100).contains(step) else { throw ImportRecordProblem("\"card\".\"step\" is out of range") } }
            let reps = int("reviews", in: json) ?? 0, lapses = int("lapses", in: json) ?? 0
            guard reps >= 0, lapses >= 0, reps < 1 << 31, lapses < 1 << 31 else {
                throw ImportRecordProblem("\"card\".\"reviews\" or \"lapses\" is out of range")
            }
            state = CardRecord(
                citationID: 0,
                card: CardState(
                    state: phase, step: step.map { Int($0) }, stability: stability, difficulty: difficulty,
                    due: due ?? Timestamp(seconds: 0),
                    lastReview: try time("lastReview", in: json)), reps: Int(reps), lapses: Int(lapses))
        }
        if state == nil { due = try time("due", in: json) }
        for (i, item) in (json["log"]?.arrayValue ?? []).enumerated() {
            guard let at = try time("at", in: item), let g = int("grade", in: item), let grade = Grade(rawValue: Int(g)),
                let before = item["stateBefore"]?.stringValue.flatMap(CardPhase.init(rawValue:))
            else { throw ImportRecordProblem("answer \(i + 1) of \"card\".\"log\" needs \"at\", \"grade\" (1-4) and \"stateBefore\"") }
            answers.append(
                Answer(
                    at: at, grade: grade, elapsedDays: max(0, int("elapsedDays", in: item) ?? 0), stateBefore: before,
                    before: item["cardBefore"].flatMap { CardJSON.record($0, citationID: 0) }))
        }
    }
}

/// Why a record of an import file cannot be a citation.
package struct ImportRecordProblem: Error {
    package var reason: String
    package init(_ reason: String) { self.reason = reason }
}
