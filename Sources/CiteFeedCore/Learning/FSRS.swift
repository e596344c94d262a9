import CiteFeedModel
import CiteFeedSupport

/// The Free Spaced Repetition Scheduler, version 6, written from its published
/// formulas: how a card's memory stability S (days until recall falls to 90%) and difficulty D
/// (1-10) change with each answer, and when it is due next. Pure: the time comes in, nothing
/// is read or written. No interval fuzz, so the same answers give the same schedule; the
/// reference implementation (the `fsrs` package on PyPI, fuzzing off) gives the same due times
/// to the second (`FSRSReferenceTests`).
///
/// - A new card goes through the learning steps (1m, 10m), a card forgotten in review through
///   the relearning steps (10m); after the last step it is in review, due after the interval at
///   which recall is predicted to fall to `desiredRetention`, rounded to whole days (at least
///   1, at most `maximumInterval`).
/// - Days are counted as the learner lives them, as Anki and the optimizer count them: a
///   library's scheduler (`init(_:)`) counts the study days between two answers (a day begins at
///   `dayStartsAt`, local time), so an answer at 21:00 and the next at 08:00 are a day apart. The
///   bare `init()` counts whole 24-hour periods, as the reference package does.
/// - Retrievability after t days: R = (1 + F·t/S)^−w20, with F = 0.9^(−1/w20) − 1.
/// - First answer G: S = w[G−1], D = w4 − e^(w5·(G−1)) + 1 (clamped to 1-10).
/// - Later answers on the same day: S·e^(w17·(G−3+w18))·S^−w19 (not below S unless Again).
/// - Later answers after a day or more: recall gives S·(1 + e^w8·(11−D)·S^−w9·(e^((1−R)·w10)−1)),
///   times w15 for Hard and w16 for Easy; Again gives min(w11·D^−w12·((S+1)^w13−1)·e^((1−R)·w14),
///   S/e^(w17·w18)). D moves by −w6·(G−3), damped by (10−D)/9, then reverts to the Easy
///   starting difficulty by w7.
package struct FSRS: Sendable, Equatable {
    /// FSRS-6's published default parameters (w0…w20).
    package static let defaultWeights: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483,
        0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]
    static let minimumStability = 0.001

    package var weights: [Double] = FSRS.defaultWeights
    package var desiredRetention = 0.9
    /// In seconds.
    package var learningSteps: [Int64] = [60, 600]
    package var relearningSteps: [Int64] = [600]
    /// In days.
    package var maximumInterval = 36500
    /// When a study day begins, in minutes after local midnight; `nil`: days are whole 24-hour
    /// periods.
    package var dayStartsAt: Int?

    package init() {}

    /// The scheduler a library's study settings make.
    package init(_ settings: Settings) {
        // Fitted parameters are held within the optimizer's bounds, whoever wrote them.
        if settings.studyParameters.count == FSRSParameters.count {
            weights = FSRSParameters.clipped(settings.studyParameters, relearningSteps: settings.relearningSteps.count)
        }
        desiredRetention = settings.desiredRetention
        learningSteps = settings.learningSteps.map { Int64($0) * 60 }
        relearningSteps = settings.relearningSteps.map { Int64($0) * 60 }
        maximumInterval = settings.maximumInterval
        dayStartsAt = settings.dayStartsAt
    }

    /// The days from `last` to `time`: study days, or whole 24-hour periods (`dayStartsAt`).
    package func days(from last: Timestamp, to time: Timestamp) -> Int64 {
        guard let start = dayStartsAt else { return time.days(since: last) }
        func day(_ t: Timestamp) -> Int64 { (t.seconds + CivilTime.local(t.seconds).1 - Int64(start) * 60).floorDivided(by: 86400) }
        return day(time) - day(last)
    }

    /// The scheduler of a card with the tags `tags`: with its deck's fitted parameters
    /// (`DeckParameters`, the first deck by name that it is in), else the library's.
    package init(_ settings: Settings, tags: some Sequence<String>) {
        self.init(settings)
        guard !settings.deckParameters.isEmpty else { return }
        let keys = Set(tags.map(Tag.key))
        if let deck = settings.deckParameters.first(where: { keys.contains(Tag.key($0.tag)) }),
            deck.parameters.count == FSRSParameters.count
        {
            weights = FSRSParameters.clipped(deck.parameters, relearningSteps: settings.relearningSteps.count)
        }
    }

    /// What schedules the library's cards, as text: when it changes, every card is replayed.
    package static func fingerprint(_ settings: Settings) -> String {
        FSRS(settings).fingerprint + settings.deckParameters.map { " \(Tag.key($0.tag))=\($0.parameters)" }.joined()
    }

    /// What schedules a card, as text: two schedulers with the same fingerprint give every
    /// answer the same result.
    package var fingerprint: String {
        "w=\(weights) r=\(desiredRetention) l=\(learningSteps) rl=\(relearningSteps) max=\(maximumInterval)"
            + (dayStartsAt.map { " day=\($0)" } ?? "")
    }

    package typealias State = CardPhase
    package typealias Card = CardState

    private var decay: Double { -weights[20] }
    private var factor: Double { pow(0.9, 1 / decay) - 1 }

    /// e^x as the reference computes it (`math.e ** x`), so results agree to the last digits.
    private static func ePow(_ x: Double) -> Double { pow(2.718281828459045, x) }

    /// A card's record after answer `grade` at `time`: its new schedule, one more answer, and
    /// one more lapse when a review card was forgotten (study, and sync's replay).
    package func answer(_ record: CardRecord, _ grade: Grade, at time: Timestamp) -> CardRecord {
        var after = record
        after.card = review(record.card, grade, at: time)
        after.reps += 1
        if record.card.state == .review && grade == .again { after.lapses += 1 }
        return after
    }

    /// The predicted probability of recall at `time`.
    package func retrievability(_ card: Card, at time: Timestamp) -> Double {
        guard let last = card.lastReview, let s = card.stability else { return 0 }
        let t = Double(max(0, days(from: last, to: time)))
        return pow(1 + factor * t / s, decay)
    }

    /// The card after answering `grade` at `time`.
    package func review(_ card: Card, _ grade: Grade, at time: Timestamp) -> Card {
        var card = card
        let g = Double(grade.rawValue)
        let sinceLast = card.lastReview.map { days(from: $0, to: time) }
        func updateMemory(initial: Bool) {
            if initial, card.stability == nil || card.difficulty == nil {
                card.stability = clampStability(weights[grade.rawValue - 1])
                card.difficulty = clampDifficulty(initialDifficulty(g))
                return
            }
            let s = card.stability!, d = card.difficulty!
            if let days = sinceLast, days < 1 {
                card.stability = shortTermStability(s, g)
            } else {
                card.stability = nextStability(d: d, s: s, r: retrievability(card, at: time), grade: grade)
            }
            card.difficulty = nextDifficulty(d, g)
        }
        let interval: Int64
        switch card.state {
        case .new, .learning:
            updateMemory(initial: true)
            interval = stepping(&card, grade, steps: learningSteps)
        case .review:
            updateMemory(initial: false)
            if grade == .again && !relearningSteps.isEmpty {
                card.state = .relearning
                card.step = 0
                interval = relearningSteps[0]
            } else {
                interval = reviewInterval(card.stability!)
            }
        case .relearning:
            updateMemory(initial: false)
            interval = stepping(&card, grade, steps: relearningSteps)
        }
        card.due = Timestamp(seconds: time.seconds + interval)
        card.lastReview = time
        return card
    }

    /// The next interval in seconds of a card in (re)learning, moving it along `steps` (or
    /// into review).
    private func stepping(_ card: inout Card, _ grade: Grade, steps: [Int64]) -> Int64 {
        let relearning = card.state == .relearning
        var step = card.step ?? 0
        func graduate() -> Int64 {
            card.state = .review
            card.step = nil
            return reviewInterval(card.stability!)
        }
        if steps.isEmpty || step >= steps.count && grade != .again { return graduate() }
        card.state = relearning ? .relearning : .learning
        switch grade {
        case .again:
            step = 0
            card.step = 0
            return steps[0]
        case .hard:
            card.step = step
            if step == 0 { return steps.count == 1 ? steps[0] * 3 / 2 : (steps[0] + steps[1]) / 2 }
            return steps[step]
        case .good:
            if step + 1 == steps.count { return graduate() }
            step += 1
            card.step = step
            return steps[step]
        case .easy:
            return graduate()
        }
    }

    /// The review interval for stability `s`, in seconds: whole days, rounded half to even as
    /// the reference does.
    func reviewInterval(_ s: Double) -> Int64 { intervalDays(s) * 86400 }

    /// The interval in days at which recall falls to `desiredRetention`.
    package func intervalDays(_ s: Double) -> Int64 {
        let days = (s / factor * (pow(desiredRetention, 1 / decay) - 1)).rounded(.toNearestOrEven)
        return Int64(min(max(days, 1), Double(maximumInterval)))
    }

    private func clampStability(_ s: Double) -> Double { max(s, FSRS.minimumStability) }
    private func clampDifficulty(_ d: Double) -> Double { min(max(d, 1), 10) }

    private func initialDifficulty(_ g: Double) -> Double { weights[4] - FSRS.ePow(weights[5] * (g - 1)) + 1 }

    private func shortTermStability(_ s: Double, _ g: Double) -> Double {
        var increase = FSRS.ePow(weights[17] * (g - 3 + weights[18])) * pow(s, -weights[19])
        if g >= 2 { increase = max(increase, 1) }
        return clampStability(s * increase)
    }

    private func nextDifficulty(_ d: Double, _ g: Double) -> Double {
        let delta = -(weights[6] * (g - 3))
        let damped = d + (10 - d) * delta / 9
        let reverted = weights[7] * initialDifficulty(4) + (1 - weights[7]) * damped
        return clampDifficulty(reverted)
    }

    private func nextStability(d: Double, s: Double, r: Double, grade: Grade) -> Double {
        let next: Double
        if grade == .again {
            let longTerm = weights[11] * pow(d, -weights[12]) * (pow(s + 1, weights[13]) - 1) * FSRS.ePow((1 - r) * weights[14])
            let shortTerm = s / FSRS.ePow(weights[17] * weights[18])
            next = min(longTerm, shortTerm)
        } else {
            let hard = grade == .hard ? weights[15] : 1
            let easy = grade == .easy ? weights[16] : 1
            next = s * (1 + FSRS.ePow(weights[8]) * (11 - d) * pow(s, -weights[9]) * (FSRS.ePow((1 - r) * weights[10]) - 1) * hard * easy)
        }
        return clampStability(next)
    }
}
